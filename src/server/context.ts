import type { Config } from './config.ts'
import type { Database, Db } from './db/client.ts'
import type { Clock } from './platform/clock.ts'
import type { Mailer, MailQueue } from './platform/mail.ts'
import type { RateLimiters } from './platform/rate-limit.ts'

/** What services need, whether called from an HTTP route or an operator command. */
export type ServiceContext = {
  config: Config
  db: Db
  clock: Clock
  mailer: Mailer
}

/** Everything routes reach through `app.deps`. */
export type AppContext = ServiceContext & {
  database: Database
  /** Mail sent after the answer has gone (password reset), drained when the app closes. */
  mail: MailQueue
  limiters: RateLimiters
}
