import pino, { type Logger } from 'pino'

// No secrets in logs: bearer tokens and cookies are redacted wherever a request's headers get logged.
// Bodies (passwords, reset and invitation tokens) are never logged.
export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization']

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } })
}

/** The part of a logger that services and platform code use (pino, or the ops CLI's console adapter). */
export type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void }
