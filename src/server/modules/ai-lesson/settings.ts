import { type AiSettings, type AiSettingsView, cefrLevel } from '../../../domain/api/ai-lesson.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { chatEndpoint, transcribeEndpoint } from './model-client.ts'
import { findSettings, learnedLanguages, saveSettings } from './repository.ts'

// The settings tab: learned language, level, explanation language, daily goal. Until
// the student saves them: their first learned language, A2, their interface language, 15 minutes.

const DEFAULT_LEVEL = 'A2'
const DEFAULT_GOAL = 15

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock'>

export async function currentSettings(ctx: Ctx, student: User): Promise<AiSettings> {
  const saved = await findSettings(ctx.db, student.id)
  const learned = await learnedLanguages(ctx.db, student.id)
  const stillLearned = saved?.languageId != null && learned.some((l) => l.id === saved.languageId)
  return {
    language_id: stillLearned ? (saved?.languageId ?? null) : (learned[0]?.id ?? saved?.languageId ?? null),
    level: cefrLevel(saved?.level) ?? DEFAULT_LEVEL,
    explanation_locale: saved?.explanationLocale ?? student.locale,
    daily_goal_minutes: saved?.dailyGoalMinutes ?? DEFAULT_GOAL,
  }
}

const view = (ctx: Ctx, settings: AiSettings): AiSettingsView => ({
  ...settings,
  chat_enabled: chatEndpoint(ctx.config.ai) !== null,
  transcription_enabled: transcribeEndpoint(ctx.config.ai) !== null,
})

export async function showSettings(ctx: Ctx, student: User): Promise<AiSettingsView> {
  return view(ctx, await currentSettings(ctx, student))
}

export async function updateSettings(ctx: Ctx, student: User, input: AiSettings): Promise<AiSettingsView> {
  const learned = await learnedLanguages(ctx.db, student.id)
  // The tutor practises one of the languages the student learns (languages_learned,
  // product-rules.md "Records and fields").
  if (input.language_id !== null && !learned.some((l) => l.id === input.language_id)) {
    throw new AppError('validation_failed', {
      errors: [{ field: 'language_id', message: 'Choose one of the languages you learn', code: 'invalid' }],
    })
  }
  await saveSettings(
    ctx.db,
    {
      studentId: student.id,
      languageId: input.language_id,
      level: input.level,
      explanationLocale: input.explanation_locale,
      dailyGoalMinutes: input.daily_goal_minutes,
    },
    ctx.clock.now(),
  )
  return view(ctx, input)
}
