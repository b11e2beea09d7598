import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AiErrorCode } from '../../../domain/ai-lesson/errors.ts'

// The AI lesson's error codes in pl/en, kept in its own chunk (the shell's map,
// api/error-messages.ts, stays within the login's size budget).
export const AI_ERROR_MESSAGES: Record<AiErrorCode, MessageDescriptor> = {
  ai_access_denied: msg`Nie udało się uzyskać dostępu do lekcji z AI`,
  ai_not_configured: msg`Szkoła nie włączyła rozmów z AI`,
  ai_transcription_not_configured: msg`Szkoła nie włączyła oceny wymowy`,
  ai_daily_messages: msg`Dzisiejsze wiadomości do AI zostały wykorzystane. Wróć jutro.`,
  ai_model_failed: msg`Lektor AI nie odpowiedział. Twoja wiadomość jest zapisana: spróbuj ponownie.`,
  ai_model_timeout: msg`Lektor AI odpowiadał zbyt długo. Twoja wiadomość jest zapisana: spróbuj ponownie.`,
  ai_language_required: msg`Wybierz w ustawieniach lekcji z AI język, którego się uczysz`,
  ai_nothing_to_retry: msg`Żadna wiadomość nie czeka na odpowiedź`,
}
