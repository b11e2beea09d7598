// The AI lesson's query keys, apart from its queries: the outbox (on every dashboard page)
// refreshes them without downloading the AI lesson's code (the pages' budgets: architecture.md
// "Loading").
export const aiLessonKeys = {
  all: ['ai-lesson'] as const,
  url: () => [...aiLessonKeys.all, 'url'] as const,
  settings: () => [...aiLessonKeys.all, 'settings'] as const,
  topics: () => [...aiLessonKeys.all, 'topics'] as const,
  conversation: () => [...aiLessonKeys.all, 'conversation'] as const,
  words: () => [...aiLessonKeys.all, 'words'] as const,
  progress: () => [...aiLessonKeys.all, 'progress'] as const,
}
