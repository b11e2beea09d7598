import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// The ai-lesson screen's tabs, in the order of product-rules.md "Screens and routes"; the open one
// is the `tab` search parameter, so a tab has an address (a reload, the back button and a link keep
// it).

export const AI_LESSON_TABS = ['home', 'chat', 'settings', 'pronunciation', 'wordbook', 'progress'] as const
export type AiLessonTab = (typeof AI_LESSON_TABS)[number]

export const TAB_LABELS: Record<AiLessonTab, MessageDescriptor> = {
  home: msg`Start`,
  chat: msg`Rozmowa`,
  settings: msg`Ustawienia`,
  pronunciation: msg`Wymowa`,
  wordbook: msg`Słowniczek`,
  progress: msg`Postępy`,
}

export const asTab = (value: string | null): AiLessonTab =>
  AI_LESSON_TABS.find((tab) => tab === value) ?? 'home'

/** The search of a tab's address; `topic` opens the chat on a suggested topic. */
export function tabSearch(tab: AiLessonTab, topic?: string): string {
  const search = new URLSearchParams({ tab })
  if (topic) search.set('topic', topic)
  return `?${search}`
}
