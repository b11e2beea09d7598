import { AI_ERROR_MESSAGES, isAiErrorCode } from './ai-lesson/errors.ts'
import { ERROR_MESSAGES, type ErrorCode } from './errors.ts'

// The English message of a code, its parameters filled in (the server's answers). Apart from
// errors.ts so that the web's shell, which needs the codes, does not carry the AI lesson's texts.
export function formatMessage(code: ErrorCode, params: Record<string, string> = {}): string {
  const template = isAiErrorCode(code) ? AI_ERROR_MESSAGES[code] : ERROR_MESSAGES[code]
  return template.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? `{${key}}`)
}
