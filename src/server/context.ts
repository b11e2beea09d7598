import type { Config } from './config.ts'
import type { Database, Db } from './db/client.ts'
import type { TeacherBoard } from './modules/board/teacher-board.ts'
import type { LackOfSlotsDigest } from './modules/language-onboardings/lack-of-slots-digest.ts'
import type { Vapid } from './modules/notifications/push.ts'
import type { PushPolicy } from './modules/notifications/push-endpoint.ts'
import type { LessonNotifications } from './modules/notifications/service.ts'
import type { RecordingWorker } from './modules/recordings/worker.ts'
import type { GroupHub } from './modules/room/group-hub.ts'
import type { VideoProviders } from './modules/room/providers.ts'
import type { RoomHub } from './modules/room/room-hub.ts'
import type { SmsGateway } from './modules/sms/gateway.ts'
import type { CommittedChanges } from './platform/change-road.ts'
import type { Clock } from './platform/clock.ts'
import type { FileUrls } from './platform/file-urls.ts'
import type { Jobs } from './platform/jobs.ts'
import type { Lifecycle } from './platform/lifecycle.ts'
import type { Log } from './platform/logger.ts'
import type { Mailer } from './platform/mail.ts'
import type { MailOutbox } from './platform/mail-outbox.ts'
import type { Metrics } from './platform/metrics.ts'
import type { RateLimiters } from './platform/rate-limit.ts'
import type { SessionCache } from './platform/session-cache.ts'
import type { FileStorage } from './platform/storage.ts'

/** What services need, whether called from an HTTP route or an operator command. */
export type ServiceContext = {
  config: Config
  db: Db
  clock: Clock
  mailer: Mailer
  /** E-mails that must not be lost: added in the write's transaction, sent once (platform/mail-outbox.ts). */
  mail: MailOutbox
  storage: FileStorage
  log: Log
  /** Where a write publishes what it changed once committed (platform/change-road.ts). */
  changes: CommittedChanges
}

/** Everything routes reach through `app.deps`. */
export type AppContext = ServiceContext & {
  database: Database
  limiters: RateLimiters
  /** Recently seen sessions of this process (platform/session-cache.ts). */
  sessionCache: SessionCache
  /** This process's in-memory read model of teachers and slots (search, timetables/show). */
  board: TeacherBoard
  /** Signs the file URLs that profiles carry and checks them when a file is asked for. */
  fileUrls: FileUrls
  /** The school's hourly e-mail of new lack-of-slots reports. */
  lackOfSlotsDigest: LackOfSlotsDigest
  /** This process's sockets of lesson rooms (modules/room/room-hub.ts). */
  roomHub: RoomHub
  /** This process's sockets of group rooms (modules/room/group-hub.ts). */
  groupHub: GroupHub
  /** Joins finished recordings and deletes expired ones (modules/recordings/worker.ts). */
  recordings: RecordingWorker
  /** The outside classrooms the school has configured (modules/room/providers.ts). */
  video: VideoProviders
  /** Durable jobs on PostgreSQL (platform/jobs.ts). */
  jobs: Jobs
  /** Serving or draining: readiness answers 503 while draining. */
  lifecycle: Lifecycle
  /** This process's Prometheus metrics (platform/metrics.ts). */
  metrics: Metrics
  /** Plans lessons' e-mails (modules/notifications). */
  notifications: LessonNotifications
  /** Web push's VAPID keys and subject (modules/notifications/push.ts). */
  vapid: Vapid
  /** Where pushes may go (modules/notifications/push-endpoint.ts). */
  pushPolicy: PushPolicy
  /** The SMS gateway (SMS_PROVIDER; modules/sms); undefined: no SMS is sent. */
  smsGateway: SmsGateway | undefined
}
