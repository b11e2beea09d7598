import compress from '@fastify/compress'
import multipart from '@fastify/multipart'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import type { AppContext } from './context.ts'
import type { Database } from './db/client.ts'
import { adminRoutes } from './modules/admin/routes.ts'
import { aiLessonRoutes } from './modules/ai-lesson/routes.ts'
import { authRoutes } from './modules/auth/routes.ts'
import { createTeacherBoard } from './modules/board/teacher-board.ts'
import { dictionaryRoutes } from './modules/dictionaries/routes.ts'
import { fileRoutes } from './modules/files/routes.ts'
import { groupTabRoutes } from './modules/group-classes/tab-routes.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { invitationRoutes } from './modules/invitations/routes.ts'
import { createLackOfSlotsDigest } from './modules/language-onboardings/lack-of-slots-digest.ts'
import { languageOnboardingRoutes } from './modules/language-onboardings/routes.ts'
import { lessonRoutes } from './modules/lessons/routes.ts'
import { calendarFeedRoutes } from './modules/notifications/calendar-feed-routes.ts'
import { createMeetingNoticeRelay } from './modules/notifications/meeting-planner.ts'
import { loadVapid, pushToUser } from './modules/notifications/push.ts'
import { type Resolve, systemResolve } from './modules/notifications/push-endpoint.ts'
import { pushRoutes } from './modules/notifications/push-routes.ts'
import { createLessonNotifications } from './modules/notifications/service.ts'
import { startNotificationWorkers } from './modules/notifications/worker.ts'
import { createAppMailOutbox } from './modules/outbox/mail-kinds.ts'
import { previewRoutes } from './modules/previews/routes.ts'
import { profileRoutes } from './modules/profiles/routes.ts'
import { ratingRoutes } from './modules/ratings/routes.ts'
import { recapRoutes } from './modules/recaps/routes.ts'
import { startRecapWorkers } from './modules/recaps/worker.ts'
import { recordingNotices } from './modules/recordings/notices.ts'
import { recordingRoutes } from './modules/recordings/routes.ts'
import { createRecordingWorker } from './modules/recordings/worker.ts'
import { registrationRoutes } from './modules/registration/routes.ts'
import { createGroupHub } from './modules/room/group-hub.ts'
import { createVideoProviders, providerSources } from './modules/room/providers.ts'
import { createRoomHub } from './modules/room/room-hub.ts'
import { roomRoutes } from './modules/room/routes.ts'
import { settingsRoutes } from './modules/settings/routes.ts'
import { createSmsGateway } from './modules/sms/create-gateway.ts'
import { smsReportRoutes } from './modules/sms/reports-routes.ts'
import { smsRoutes } from './modules/sms/routes.ts'
import { startSmsWorkers } from './modules/sms/worker.ts'
import { teacherRoutes } from './modules/teachers/routes.ts'
import { timetableRoutes } from './modules/timetables/routes.ts'
import { userRoutes } from './modules/users/routes.ts'
import { startWaitlistWorkers } from './modules/waitlist/notices.ts'
import { waitlistRoutes } from './modules/waitlist/routes.ts'
import { registerAuthentication } from './platform/auth.ts'
import { registerNoStore } from './platform/cache-control.ts'
import { openChangeRoad } from './platform/change-road.ts'
import { type Clock, systemClock } from './platform/clock.ts'
import { answerFrameworkError, registerErrorHandler, replyNotFound } from './platform/errors.ts'
import { createFileUrls, loadFilesSecret, loadSharedFilesSecret } from './platform/file-urls.ts'
import { startJobs } from './platform/jobs.ts'
import { createLifecycle, type Lifecycle, registerDraining } from './platform/lifecycle.ts'
import { createLogger } from './platform/logger.ts'
import type { Mailer } from './platform/mail.ts'
import { createMetrics, type Metrics, registerMetricsRoute } from './platform/metrics.ts'
import { createRateLimiters, type RateLimits } from './platform/rate-limit.ts'
import { registerSecurityHeaders } from './platform/security-headers.ts'
import { createSessionCache } from './platform/session-cache.ts'
import { registerStatic } from './platform/static.ts'
import type { FileStorage } from './platform/storage.ts'
import { storageFor } from './platform/storage-s3.ts'
import { MULTIPART_LIMITS } from './platform/uploads.ts'

export type AppDeps = {
  config: Config
  database: Database
  mailer: Mailer
  /** Where uploaded files live; default: local disk under `<DATA_DIR>/files`. */
  storage?: FileStorage
  clock?: Clock
  /** A pino logger to share (main.ts), or false for silence (tests); default: pino at config.logLevel. */
  logger?: FastifyBaseLogger | false
  /** Smaller limits for tests; defaults in platform/rate-limit.ts. */
  rateLimits?: Partial<RateLimits>
  /** How often the lesson rooms are checked against the clock (modules/room/room-hub.ts). */
  roomTickMs?: number
  /** Serving or draining (server.ts drains on SIGTERM); default: a fresh one. */
  lifecycle?: Lifecycle
  /** The process's metrics (server.ts counts its mailer's failures in them); default: fresh ones. */
  metrics?: Metrics
  /** How push endpoints' names are resolved; default: the system's resolver (tests inject one). */
  resolve?: Resolve
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppContext
  }
}

function contentSecurityPolicy(https: boolean, config: Config): Record<string, string[] | null> {
  const aiLessonUrl = config.ai.lessonUrl
  // The configured outside classrooms' scripts and servers.
  const video = providerSources(config.video)
  // The group room's servers, which browsers reach over WebSocket (JANUS_PUBLIC_URL).
  const janus = (config.janus?.servers ?? []).map((server) => new URL(server.publicUrl).origin)
  const connect = ["'self'", ...video.connect, ...janus]
  const sentry = process.env.VITE_SENTRY_DSN
  if (sentry) connect.push(new URL(sentry).origin)
  // The home tab of the AI lesson embeds an outside provider's page.
  const frames = [...(aiLessonUrl ? [new URL(aiLessonUrl).origin] : []), ...video.frame]
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...video.script],
    // Mantine writes its CSS variables into <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'", ...video.style],
    imgSrc: ["'self'", 'data:', 'blob:', ...video.img],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameSrc: frames.length > 0 ? frames : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Over plain HTTP (a LAN address, the e2e server) upgrading would break every asset request.
    upgradeInsecureRequests: https ? [] : null,
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const common = {
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    // A request that reaches a closing node is answered by its route, not Fastify's bare 503:
    // readiness says it is draining as docs/deploy.md shows (platform/lifecycle.ts closes the
    // connection after each answer).
    return503OnClosing: false,
  }
  const app =
    deps.logger === false
      ? Fastify({ ...common, logger: false })
      : Fastify({ ...common, loggerInstance: deps.logger ?? createLogger(deps.config.logLevel) })
  const clock = deps.clock ?? systemClock
  // Every request observed by its route pattern; /metrics answers only with METRICS_TOKEN.
  const metrics = deps.metrics ?? createMetrics()
  const lifecycle = deps.lifecycle ?? createLifecycle()
  metrics.observe(app)
  registerDraining(app, lifecycle)
  registerMetricsRoute(app, metrics, deps.config.metrics.token)
  const sessionCache = createSessionCache(deps.config.sessionCacheMs)
  const board = createTeacherBoard(deps.database.db, deps.config.boardCacheMs, app.log)
  // What this process's writes publish and what other processes commit take one road to the
  // caches (platform/change-road.ts), at once.
  const changes = openChangeRoad(deps.database)
  changes.subscribe((change) => {
    board.changed(change)
    if (change === null) sessionCache.clear()
    else if (change.kind === 'user') sessionCache.forgetUser(change.id)
  })
  const storage = deps.storage ?? storageFor(deps.config)
  // With the files in a bucket, the URLs' secret is the database's, shared by every node.
  const filesSecret = deps.config.s3
    ? await loadSharedFilesSecret(deps.database.db, deps.config)
    : await loadFilesSecret(deps.config)
  const fileUrls = createFileUrls(filesSecret, clock)
  const db = deps.database.db
  // The lesson rooms' sockets of this process (modules/room), and the recordings made in them.
  const roomHub = createRoomHub({ database: deps.database, clock, log: app.log, tickMs: deps.roomTickMs })
  const video = createVideoProviders(deps.config.video, deps.config.janus)
  const groupHub = createGroupHub({
    database: deps.database,
    clock,
    log: app.log,
    janus: video.janus,
    tickMs: deps.roomTickMs,
  })
  // The job queue; every process adds jobs, JOBS_WORKER processes also run them.
  const jobs = await startJobs(deps.database.pool, app.log, { maintenance: deps.config.jobsWorker, clock })
  const notifications = createLessonNotifications({ db, jobs, clock, log: app.log })
  // A group class's messages are owed by the database's triggers in the write's transaction; any
  // committed change of a teacher or a student (here or in another process) has them planned.
  const meetingNotices = createMeetingNoticeRelay({ db, jobs, clock, log: app.log })
  changes.subscribe((change) => {
    if (change === null || change.kind === 'teacher' || change.kind === 'student') meetingNotices.kick()
  })
  // E-mails that must not be lost (platform/mail-outbox.ts).
  const mail = createAppMailOutbox({
    db,
    jobs,
    mailer: deps.mailer,
    clock,
    log: app.log,
    config: deps.config,
  })
  // Web push's key pair, made once and kept in the database.
  const vapid = await loadVapid(db, deps.config)
  const { hosts, httpEndpoints, privateAddresses } = deps.config.push
  const pushPolicy = { hosts, httpEndpoints, privateAddresses, resolve: deps.resolve ?? systemResolve }
  // SMS through the configured gateway (modules/sms), or none.
  const smsGateway = createSmsGateway(deps.config.sms, deps.config.publicUrl)
  // A recording the server stops is told to its room, a group meeting's to the meeting's room.
  const tellRecording = recordingNotices(db, { room: roomHub, group: groupHub })
  const recordings = createRecordingWorker(
    { db, clock, config: deps.config, storage, log: app.log, fileUrls, video, jobs },
    (lessonId, notice) =>
      void tellRecording(lessonId, notice).catch((err: unknown) =>
        app.log.error({ err }, 'telling the room of a recording failed'),
      ),
  )
  const lackOfSlotsDigest = createLackOfSlotsDigest({
    db: deps.database.db,
    clock,
    mailer: deps.mailer,
    config: deps.config,
    log: app.log,
  })
  app.decorate('deps', {
    config: deps.config,
    database: deps.database,
    db: deps.database.db,
    clock,
    mailer: deps.mailer,
    storage,
    log: app.log,
    changes,
    mail,
    limiters: createRateLimiters(deps.rateLimits ?? {}, { db: deps.database.db, clock, log: app.log }),
    fileUrls,
    sessionCache,
    board,
    lackOfSlotsDigest,
    roomHub,
    groupHub,
    recordings,
    video,
    jobs,
    notifications,
    vapid,
    pushPolicy,
    smsGateway,
    lifecycle,
    metrics,
  } satisfies AppContext)
  metrics.setSources({
    pool: deps.database.pool,
    roomSockets: () => roomHub.sockets() + groupHub.sockets(),
    board: board.stats,
    failedJobs: async () => (await jobs.counts()).map(({ queue, failed }) => ({ queue, failed })),
  })
  // Warm the board in the background so the first searches do not wait for it (none in tests).
  if (deps.config.boardCacheMs > 0) {
    app.addHook('onReady', async () => {
      board
        .warm(clock.now())
        .catch((error: unknown) => app.log.error({ err: error }, 'warming the board failed'))
    })
  }
  // What waited for the school's digest when the last process stopped goes out now (or on the hour).
  app.addHook('onReady', async () => lackOfSlotsDigest.start())
  if (deps.config.jobsWorker) {
    // Lessons' e-mails and pushes, and waiting students hearing of freed slots.
    const workers = { db, jobs, mailer: deps.mailer, clock, log: app.log, config: deps.config }
    app.addHook('onReady', async () => {
      await startNotificationWorkers({ ...workers, vapid, pushPolicy })
      await mail.work()
      await startSmsWorkers({ db, jobs, clock, log: app.log, changes, gateway: smsGateway })
      await startRecapWorkers({ db, jobs, clock, log: app.log, config: deps.config, storage })
      await startWaitlistWorkers({
        ...workers,
        push: (userId, message) => pushToUser({ db, log: app.log, vapid, pushPolicy }, userId, message),
      })
    })
  }
  app.addHook('onClose', async () => {
    changes.close()
    await video.janus?.close()
    await lackOfSlotsDigest.close()
    await recordings.close()
    await notifications.idle()
    await meetingNotices.idle()
    await mail.idle()
    await jobs.stop()
  })

  registerErrorHandler(app)
  const https = deps.config.publicUrl.startsWith('https:')
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(https, deps.config) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https,
  })
  registerAuthentication(app)
  registerNoStore(app)
  await app.register(multipart, { limits: MULTIPART_LIMITS })

  await app.register(
    async (api) => {
      // JSON answers over 1 KB go out brotli- or gzip-compressed (the static files are compressed
      // once at build time instead). Compressed request bodies are refused.
      await api.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false })
      await api.register(healthRoutes)
      await api.register(authRoutes)
      await api.register(invitationRoutes)
      await api.register(userRoutes)
      await api.register(dictionaryRoutes)
      await api.register(settingsRoutes)
      await api.register(registrationRoutes)
      await api.register(profileRoutes)
      await api.register(fileRoutes)
      await api.register(timetableRoutes)
      await api.register(teacherRoutes)
      await api.register(lessonRoutes)
      await api.register(groupTabRoutes)
      await api.register(ratingRoutes)
      await api.register(languageOnboardingRoutes)
      await api.register(previewRoutes)
      await api.register(roomRoutes)
      await api.register(recordingRoutes)
      await api.register(recapRoutes)
      await api.register(aiLessonRoutes)
      await api.register(pushRoutes)
      await api.register(calendarFeedRoutes)
      await api.register(adminRoutes)
      await api.register(waitlistRoutes)
      await api.register(smsRoutes)
      await api.register(smsReportRoutes)
    },
    { prefix: '/api/v1' },
  )
  if (!(await registerStatic(app, deps.config.webDir))) app.setNotFoundHandler(replyNotFound)
  return app
}
