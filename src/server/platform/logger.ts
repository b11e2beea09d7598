import pino, { type DestinationStream, type Logger } from 'pino'
import { serializeError, serializeRequest } from './log-serializers.ts'

// No secrets in logs: bearer tokens and cookies are redacted wherever a request's headers get logged,
// request URLs lose their signatures and tokens, database errors their values (log-serializers.ts).
// Bodies (passwords, reset and invitation tokens) are never logged.
export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization']

/** The server's logger; `destination` (default: stdout) lets tests read what is written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest, err: serializeError },
  }
  return destination ? pino(options, destination) : pino(options)
}

/** The part of a logger that services and platform code use (pino, or the ops CLI's console adapter). */
export type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void }
