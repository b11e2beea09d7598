import { createPrivateKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import * as v from 'valibot'
import { type Env, envSchema } from './config-env.ts'
import { type SmsConfig, smsConfig } from './config-sms.ts'

/**
 * The browsers' push services (PUSH_HOSTS' default): Chrome (FCM), Firefox (autopush), Safari
 * (Apple) and Edge (WNS, under notify.windows.com): docs/decisions.md "Push only to the push services".
 */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
]

// Environment → typed config, validated at start: a bad value stops the process with a message
// that names the variable (the variables: config-env.ts).

/** An S3-compatible bucket for the files (platform/storage-s3.ts). */
export type S3Config = {
  bucket: string
  /** Undefined: AWS itself (by region). */
  endpoint: string | undefined
  region: string
  /** Both or neither: without them the SDK's own chain (environment, instance role) is used. */
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (MinIO, Ceph, Garage). */
  forcePathStyle: boolean
}

/** Prometheus metrics (platform/metrics.ts): never public by default. */
export type MetricsConfig = {
  /** A listener of their own (METRICS_PORT on METRICS_HOST); undefined: none. */
  port: number | undefined
  host: string
  /** With it, GET /metrics on the app's port answers a `Bearer <token>`; undefined: not there. */
  token: string | undefined
}

/** Vonage video: the application and its private key, which signs every request. */
export type VonageConfig = {
  applicationId: string
  /** The private key's PEM text (VONAGE_PRIVATE_KEY is the key itself or a file holding it). */
  privateKey: string
  /** Vonage's video REST API (its default; a stand-in in tests). */
  apiUrl: string
}

/** LearnCube's virtual classroom: the API keys, its REST API and its client script. */
export type LearncubeConfig = {
  publicKey: string
  privateKey: string
  apiUrl: string
  clientUrl: string
  styleUrl: string
}

export type VideoConfig = {
  /** The provider of a lesson whose teacher has none of their own (VIDEO_PROVIDER). */
  defaultProvider: 'builtin' | 'vonage'
  /** Undefined: Vonage is not configured. */
  vonage: VonageConfig | undefined
  /** Undefined: LearnCube lessons are held in the ordinary room. */
  learncube: LearncubeConfig | undefined
}

/** The AI lesson's settings (docs/decisions.md "The AI lesson"). */
export type AiConfig = {
  /** An outside AI-lesson provider: GET /students/ai-lesson-url signs a token for it. */
  lessonUrl: string | undefined
  /** The key shared with that provider to verify the token (required with lessonUrl). */
  lessonSecret: string | undefined
  /** The OpenAI-compatible API of the built-in tutor; chat is off without baseUrl and model. */
  baseUrl: string | undefined
  model: string | undefined
  apiKey: string | undefined
  /** The same API's audio transcription model; pronunciation scoring is off without it. */
  transcribeModel: string | undefined
  /** Messages a student may send the tutor per Poland day. */
  dailyMessages: number
  /** How long the model may take to answer (and between two streamed pieces). */
  timeoutMs: number
}

export type Config = {
  port: number
  host: string
  dataDir: string
  /** An external PostgreSQL, as the app's pool's role; unset: the embedded one under dataDir. */
  databaseUrl: string | undefined
  /** The same database as the owner of its tables, who migrates it; unset: databaseUrl. */
  databaseOwnerUrl: string | undefined
  /** The pool may run as a superuser (refused otherwise: docs/decisions.md "The app's database roles"). */
  databaseAllowSuperuser: boolean
  publicUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  /** The school's address for what students ask and nobody teaches; unset: not mailed. */
  operatorEmail: string | undefined
  /** How long lesson recordings are kept, in days. */
  recordingRetentionDays: number
  logLevel: string
  sessionTtlMs: number
  rememberTtlMs: number
  /** How long a process may answer a session from memory (platform/session-cache.ts); 0: never. */
  sessionCacheMs: number
  /**
   * How long this process's teacher board (modules/board/teacher-board.ts) trusts what it read
   * before reloading it in the background: a safety net, since its own writes and (through the
   * change feed) other processes' are seen at once. 0: always reload.
   */
  boardCacheMs: number
  partnerCompanyName: string
  trustProxy: boolean
  /** Seed the demo accounts into a database without users at start (DEMO_DATA=false to opt out). */
  demoData: boolean
  /**
   * The key that signs file URLs (FILES_SECRET); when unset, one is generated once and kept in
   * `<DATA_DIR>/files-secret` (platform/file-urls.ts).
   */
  filesSecret: string | undefined
  /**
   * The key that signs lesson-room tokens (ROOM_SECRET); when unset, one is generated once and
   * kept in the database, so every process on it accepts the others' tokens (modules/room).
   */
  roomSecret: string | undefined
  /**
   * The key that seals operators' TOTP secrets (OPERATOR_TOTP_KEY); when unset, one is
   * generated once and kept in the database (modules/admin/secret-box.ts).
   */
  operatorTotpKey: string | undefined
  /** ICE servers of the built-in video call; none → host candidates only. */
  ice: {
    stunUrls: string[]
    turnUrls: string[]
    /** coturn's `static-auth-secret`: TURN REST credentials are derived from it. */
    turnSecret: string | undefined
    transportPolicy: 'all' | 'relay'
  }
  ai: AiConfig
  video: VideoConfig
  /** This process runs due jobs and the job queue's upkeep (JOBS_WORKER). */
  jobsWorker: boolean
  /**
   * Web push: VAPID's subject; the hosts endpoints may name; whether http:// endpoints and private
   * addresses are accepted (a local stand-in of a push service, in tests).
   */
  push: { vapidSubject: string; httpEndpoints: boolean; hosts: string[]; privateAddresses: boolean }
  /** Where the files live: the bucket, or undefined for `<DATA_DIR>/files`. */
  s3: S3Config | undefined
  metrics: MetricsConfig
  /** How long a stopping server lets requests in flight finish (DRAIN_SECONDS). */
  drainMs: number
  /** Built web app served by the API process; undefined when there is nothing to serve. */
  webDir: string | undefined
  /** The SMS gateway (SMS_PROVIDER); undefined: no SMS is sent. */
  sms: SmsConfig | undefined
  /** The group room's servers (JANUS_*); undefined: none (a small class meets in the mesh). */
  janus: JanusConfig | undefined
}

/** One Janus server: the address this server calls and the one browsers open. */
export type JanusServer = { url: string; publicUrl: string }

/** The group room's Janus servers (docs/deploy.md "The group server"); a meeting is pinned to one. */
export type JanusConfig = {
  servers: JanusServer[]
  /** The VideoRoom's admin_key: only with it may rooms be created. */
  adminKey: string
  /** Janus's token_auth_secret: the core tokens are signed with it. */
  tokenSecret: string
}

export class ConfigError extends Error {}

const invalid = (name: string, message: string) =>
  new ConfigError(`Invalid configuration:\n  ${name}: ${message}`)

/** VONAGE_PRIVATE_KEY: the PEM itself (newlines may be written `\n`), or the path of a file holding it. */
function readPrivateKey(value: string): string {
  let pem = value.includes('-----BEGIN') ? value.replaceAll('\\n', '\n') : null
  if (pem === null) {
    try {
      pem = readFileSync(value, 'utf8')
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable'
      throw invalid('VONAGE_PRIVATE_KEY', `cannot read the key file ${value} (${reason})`)
    }
  }
  try {
    createPrivateKey(pem)
  } catch {
    throw invalid('VONAGE_PRIVATE_KEY', 'is not a PEM private key')
  }
  return pem
}

function s3Config(e: Env): S3Config | undefined {
  const others = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => e[name] !== undefined,
  )
  if (!e.S3_BUCKET) {
    if (others.length > 0) throw invalid('S3_BUCKET', `${others[0]} needs S3_BUCKET`)
    return undefined
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'
    throw invalid(missing, 'S3 needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither')
  }
  if (!e.S3_ENDPOINT && !e.S3_REGION) {
    throw invalid('S3_REGION', 'S3_BUCKET needs S3_REGION (AWS) or S3_ENDPOINT (another S3-compatible store)')
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  }
}

function janusConfig(e: Env): JanusConfig | undefined {
  const set = (['JANUS_URL', 'JANUS_PUBLIC_URL', 'JANUS_ADMIN_KEY', 'JANUS_TOKEN_SECRET'] as const).filter(
    (name) => e[name] !== undefined,
  )
  if (set.length === 0) return undefined
  const { JANUS_URL: urls, JANUS_PUBLIC_URL: publicUrls, JANUS_ADMIN_KEY: adminKey } = e
  const tokenSecret = e.JANUS_TOKEN_SECRET
  if (!urls) throw invalid('JANUS_URL', `${set[0]} needs JANUS_URL (the group server's HTTP API)`)
  if (!publicUrls)
    throw invalid('JANUS_PUBLIC_URL', 'JANUS_URL needs JANUS_PUBLIC_URL (its WebSocket for browsers)')
  if (!adminKey)
    throw invalid('JANUS_ADMIN_KEY', "JANUS_URL needs JANUS_ADMIN_KEY (the VideoRoom's admin_key)")
  if (!tokenSecret)
    throw invalid('JANUS_TOKEN_SECRET', "JANUS_URL needs JANUS_TOKEN_SECRET (Janus's token_auth_secret)")
  if (publicUrls.length !== urls.length) {
    throw invalid(
      'JANUS_PUBLIC_URL',
      `names ${publicUrls.length} servers, JANUS_URL ${urls.length}: one each`,
    )
  }
  const servers = urls.map((url, i) => ({ url, publicUrl: publicUrls[i] ?? '' }))
  return { servers, adminKey, tokenSecret }
}

function videoConfig(e: Env): VideoConfig {
  const vonageSet = [e.VONAGE_APPLICATION_ID, e.VONAGE_PRIVATE_KEY].filter((value) => value !== undefined)
  if (vonageSet.length === 1) {
    const missing = e.VONAGE_APPLICATION_ID ? 'VONAGE_PRIVATE_KEY' : 'VONAGE_APPLICATION_ID'
    throw invalid(missing, 'Vonage needs both VONAGE_APPLICATION_ID and VONAGE_PRIVATE_KEY')
  }
  const vonage =
    e.VONAGE_APPLICATION_ID && e.VONAGE_PRIVATE_KEY
      ? {
          applicationId: e.VONAGE_APPLICATION_ID,
          privateKey: readPrivateKey(e.VONAGE_PRIVATE_KEY),
          apiUrl: e.VONAGE_API_URL.replace(/\/$/, ''),
        }
      : undefined
  if (e.VIDEO_PROVIDER === 'vonage' && !vonage) {
    throw invalid(
      'VONAGE_APPLICATION_ID',
      'VIDEO_PROVIDER=vonage needs VONAGE_APPLICATION_ID and VONAGE_PRIVATE_KEY',
    )
  }
  if ((e.LEARNCUBE_PUBLIC_KEY === undefined) !== (e.LEARNCUBE_PRIVATE_KEY === undefined)) {
    const missing = e.LEARNCUBE_PUBLIC_KEY ? 'LEARNCUBE_PRIVATE_KEY' : 'LEARNCUBE_PUBLIC_KEY'
    throw invalid(missing, 'LearnCube needs both LEARNCUBE_PUBLIC_KEY and LEARNCUBE_PRIVATE_KEY')
  }
  const learncube =
    e.LEARNCUBE_PUBLIC_KEY && e.LEARNCUBE_PRIVATE_KEY
      ? {
          publicKey: e.LEARNCUBE_PUBLIC_KEY,
          privateKey: e.LEARNCUBE_PRIVATE_KEY,
          apiUrl: e.LEARNCUBE_API_URL.replace(/\/$/, ''),
          clientUrl: e.LEARNCUBE_CLIENT_URL,
          styleUrl: e.LEARNCUBE_STYLE_URL,
        }
      : undefined
  return { defaultProvider: e.VIDEO_PROVIDER, vonage, learncube }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(envSchema, env)
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = issue.path?.map((p) => String(p.key)).join('.') ?? '?'
      return `  ${key}: ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = result.output
  // A TURN server without its secret could never be used, nor a relay-only policy without one.
  if (e.TURN_URLS.length > 0 && !e.TURN_SECRET) {
    throw new ConfigError('Invalid configuration:\n  TURN_SECRET: TURN_URLS needs TURN_SECRET')
  }
  if (e.ICE_TRANSPORT_POLICY === 'relay' && e.TURN_URLS.length === 0) {
    throw new ConfigError('Invalid configuration:\n  ICE_TRANSPORT_POLICY: relay needs TURN_URLS')
  }
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_OWNER_URL: needs DATABASE_URL (the embedded database makes its own roles)',
    )
  }
  if (e.AI_LESSON_URL && !e.AI_LESSON_SECRET) {
    throw new ConfigError('Invalid configuration:\n  AI_LESSON_SECRET: required with AI_LESSON_URL')
  }
  const dataDir = path.resolve(e.DATA_DIR)
  const video = videoConfig(e)
  const sms = smsConfig(e)
  if (sms && 'invalid' in sms) throw invalid(sms.invalid, sms.message)
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    databaseAllowSuperuser: e.DATABASE_ALLOW_SUPERUSER === 'true' || e.DATABASE_ALLOW_SUPERUSER === '1',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    operatorEmail: e.OPERATOR_EMAIL,
    recordingRetentionDays: e.RECORDING_RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    rememberTtlMs: e.REMEMBER_TTL_DAYS * 86_400_000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    boardCacheMs: e.BOARD_CACHE_SECONDS * 1000,
    partnerCompanyName: e.PARTNER_COMPANY_NAME,
    trustProxy: e.TRUST_PROXY === 'true',
    demoData: e.DEMO_DATA === 'true',
    filesSecret: e.FILES_SECRET,
    roomSecret: e.ROOM_SECRET,
    operatorTotpKey: e.OPERATOR_TOTP_KEY,
    ice: {
      stunUrls: e.STUN_URLS,
      turnUrls: e.TURN_URLS,
      turnSecret: e.TURN_SECRET,
      transportPolicy: e.ICE_TRANSPORT_POLICY,
    },
    ai: {
      lessonUrl: e.AI_LESSON_URL,
      lessonSecret: e.AI_LESSON_SECRET,
      baseUrl: e.AI_BASE_URL?.replace(/\/$/, ''),
      model: e.AI_MODEL,
      apiKey: e.AI_API_KEY,
      transcribeModel: e.AI_TRANSCRIBE_MODEL,
      dailyMessages: e.AI_DAILY_MESSAGES,
      timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    },
    video,
    jobsWorker: e.JOBS_WORKER === 'true',
    push: {
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.MAIL_FROM}`,
      httpEndpoints: e.PUSH_HTTP_ENDPOINTS === 'true',
      hosts: e.PUSH_HOSTS ?? DEFAULT_PUSH_HOSTS,
      privateAddresses: e.PUSH_PRIVATE_ADDRESSES === 'true',
    },
    s3: s3Config(e),
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    drainMs: e.DRAIN_SECONDS * 1000,
    webDir: path.resolve('dist'),
    sms,
    janus: janusConfig(e),
  }
}
