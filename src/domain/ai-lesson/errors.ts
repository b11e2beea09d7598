// A module of its own, so the web's shell (which holds domain/errors.ts) does not carry them.

/**
 * The AI lesson's codes ("Failed to get access to the AI lesson", product-rules.md "Errors"), apart
 * from their messages: the web's shell needs the codes only (its login page has a size budget).
 */
export const AI_ERROR_CODES = [
  'ai_access_denied',
  'ai_not_configured',
  'ai_transcription_not_configured',
  'ai_daily_messages',
  'ai_model_failed',
  'ai_model_timeout',
  'ai_language_required',
  'ai_nothing_to_retry',
] as const
export type AiErrorCode = (typeof AI_ERROR_CODES)[number]
export const isAiErrorCode = (code: string): code is AiErrorCode =>
  AI_ERROR_CODES.some((known) => known === code)

export const AI_ERROR_MESSAGES: Record<AiErrorCode, string> = {
  ai_access_denied: 'Failed to get access to the AI lesson',
  ai_not_configured: 'The school has not enabled AI conversation',
  ai_transcription_not_configured: 'The school has not enabled pronunciation scoring',
  ai_daily_messages: "You have sent today's AI conversation messages. Come back tomorrow.",
  ai_model_failed: 'The AI tutor did not answer. Your message is saved: try again.',
  ai_model_timeout: 'The AI tutor took too long to answer. Your message is saved: try again.',
  ai_language_required: 'Choose the language you learn in the AI lesson settings',
  ai_nothing_to_retry: 'No message is waiting for a reply',
}

/**
 * The code of an AI lesson error from its English message: the web's shell knows only the core
 * codes (its answer's `code` stays unset for these), and the messages are stable, like those of
 * product-rules.md "Errors".
 */
export const aiErrorCodeOf = (message: string): AiErrorCode | undefined =>
  AI_ERROR_CODES.find((code) => AI_ERROR_MESSAGES[code] === message)
