import * as v from 'valibot'
import { smsEnvEntries } from './config-sms.ts'

// The environment's variables, each checked with a message that names it; config.ts turns what
// passes into the typed Config.

const intFromEnv = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  )

const urlFromEnv = (name: string, protocols: string[]) =>
  v.pipe(
    v.string(),
    v.url(`${name} must be a URL`),
    v.check(
      (value) => protocols.includes(new URL(value).protocol),
      `${name} must start with ${protocols.join(' or ')}//`,
    ),
  )

/** A comma-separated list of URLs of the given protocols (JANUS_URL, JANUS_PUBLIC_URL). */
const urlListFromEnv = (name: string, protocols: string[]) =>
  v.pipe(
    v.string(),
    v.transform((value) =>
      value
        .split(',')
        .map((url) => url.trim().replace(/\/$/, ''))
        .filter((url) => url !== ''),
    ),
    v.check(
      (urls) =>
        urls.length > 0 &&
        urls.every((url) => URL.canParse(url) && protocols.includes(new URL(url).protocol)),
      `${name} must be a comma-separated list of ${protocols.join(' or ')}// URLs`,
    ),
  )

/** A comma-separated list of ICE server URLs (`turn:host:3478?transport=udp`, `stun:host:3478`). */
const iceUrlsFromEnv = (name: string, schemes: string[]) =>
  v.pipe(
    v.string(),
    v.transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== ''),
    ),
    v.check(
      (urls) => urls.every((url) => schemes.some((scheme) => url.startsWith(scheme)) && !/\s/.test(url)),
      `${name} must be a comma-separated list of ${schemes.join(' or ')} URLs`,
    ),
  )

export const envSchema = v.object({
  PORT: v.optional(intFromEnv('PORT', 0, 65535), '8080'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('HOST must not be empty')), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DATA_DIR must not be empty')), './data'),
  DATABASE_URL: v.optional(urlFromEnv('DATABASE_URL', ['postgres:', 'postgresql:'])),
  DATABASE_OWNER_URL: v.optional(urlFromEnv('DATABASE_OWNER_URL', ['postgres:', 'postgresql:'])),
  DATABASE_ALLOW_SUPERUSER: v.optional(
    v.picklist(['true', 'false', '1', '0'], 'DATABASE_ALLOW_SUPERUSER must be true or false'),
    'false',
  ),
  PUBLIC_URL: v.optional(urlFromEnv('PUBLIC_URL', ['http:', 'https:'])),
  SMTP_URL: v.optional(urlFromEnv('SMTP_URL', ['smtp:', 'smtps:'])),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.email('MAIL_FROM must be an e-mail address')),
    'no-reply@lektorium.local',
  ),
  OPERATOR_EMAIL: v.optional(v.pipe(v.string(), v.email('OPERATOR_EMAIL must be an e-mail address'))),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  SESSION_TTL_HOURS: v.optional(intFromEnv('SESSION_TTL_HOURS', 1, 24 * 30), '12'),
  REMEMBER_TTL_DAYS: v.optional(intFromEnv('REMEMBER_TTL_DAYS', 1, 365), '30'),
  SESSION_CACHE_SECONDS: v.optional(intFromEnv('SESSION_CACHE_SECONDS', 0, 60), '5'),
  BOARD_CACHE_SECONDS: v.optional(intFromEnv('BOARD_CACHE_SECONDS', 0, 3600), '300'),
  RECORDING_RETENTION_DAYS: v.optional(intFromEnv('RECORDING_RETENTION_DAYS', 1, 3650), '90'),
  PARTNER_COMPANY_NAME: v.optional(v.string(), 'Partner'),
  TRUST_PROXY: v.optional(v.picklist(['true', 'false']), 'false'),
  DEMO_DATA: v.optional(v.picklist(['true', 'false']), 'true'),
  FILES_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'FILES_SECRET must be at least 32 characters')),
  ),
  ROOM_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'ROOM_SECRET must be at least 32 characters'))),
  OPERATOR_TOTP_KEY: v.optional(
    v.pipe(v.string(), v.minLength(32, 'OPERATOR_TOTP_KEY must be at least 32 characters')),
  ),
  STUN_URLS: v.optional(iceUrlsFromEnv('STUN_URLS', ['stun:', 'stuns:']), ''),
  TURN_URLS: v.optional(iceUrlsFromEnv('TURN_URLS', ['turn:', 'turns:']), ''),
  TURN_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'TURN_SECRET must be at least 16 characters'))),
  ICE_TRANSPORT_POLICY: v.optional(v.picklist(['all', 'relay']), 'all'),
  // The group room's server (Janus): comma-separated lists, the same length, one entry per server.
  JANUS_URL: v.optional(urlListFromEnv('JANUS_URL', ['http:', 'https:'])),
  JANUS_PUBLIC_URL: v.optional(urlListFromEnv('JANUS_PUBLIC_URL', ['ws:', 'wss:'])),
  JANUS_ADMIN_KEY: v.optional(
    v.pipe(v.string(), v.minLength(16, 'JANUS_ADMIN_KEY must be at least 16 characters')),
  ),
  JANUS_TOKEN_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(16, 'JANUS_TOKEN_SECRET must be at least 16 characters')),
  ),
  // The AI lesson: an outside provider's page, or the built-in tutor's model.
  AI_LESSON_URL: v.optional(urlFromEnv('AI_LESSON_URL', ['http:', 'https:'])),
  AI_LESSON_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'AI_LESSON_SECRET must be at least 32 characters')),
  ),
  AI_BASE_URL: v.optional(urlFromEnv('AI_BASE_URL', ['http:', 'https:'])),
  AI_MODEL: v.optional(v.pipe(v.string(), v.nonEmpty('AI_MODEL must not be empty'))),
  AI_API_KEY: v.optional(v.string()),
  AI_TRANSCRIBE_MODEL: v.optional(v.pipe(v.string(), v.nonEmpty('AI_TRANSCRIBE_MODEL must not be empty'))),
  AI_DAILY_MESSAGES: v.optional(intFromEnv('AI_DAILY_MESSAGES', 1, 10_000), '50'),
  AI_TIMEOUT_SECONDS: v.optional(intFromEnv('AI_TIMEOUT_SECONDS', 1, 600), '60'),
  // Whether this process runs jobs (e-mails, reminders); every process may add them.
  JOBS_WORKER: v.optional(v.picklist(['true', 'false'], 'JOBS_WORKER must be true or false'), 'true'),
  // Who sends the pushes (VAPID's contact), and http:// push endpoints (a local
  // stand-in of a push service; real ones are https).
  VAPID_SUBJECT: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) =>
          /^mailto:[^@\s]+@[^@\s]+$/.test(value) || (URL.canParse(value) && value.startsWith('https://')),
        'VAPID_SUBJECT must be a mailto: address or an https:// URL',
      ),
    ),
  ),
  PUSH_HTTP_ENDPOINTS: v.optional(
    v.picklist(['true', 'false'], 'PUSH_HTTP_ENDPOINTS must be true or false'),
    'false',
  ),
  // The hosts push endpoints may name, comma-separated (modules/notifications/push-endpoint.ts).
  PUSH_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
      v.minLength(1, 'PUSH_HOSTS must name at least one host'),
      v.check(
        (hosts) => hosts.every((host) => /^(\*\.)?[a-z0-9.:[\]-]+$/.test(host)),
        'PUSH_HOSTS must be host names (a leading *. admits subdomains), separated by commas',
      ),
    ),
  ),
  PUSH_PRIVATE_ADDRESSES: v.optional(
    v.picklist(['true', 'false'], 'PUSH_PRIVATE_ADDRESSES must be true or false'),
    'false',
  ),
  // Files in an S3-compatible bucket instead of DATA_DIR (platform/storage-s3.ts).
  S3_BUCKET: v.optional(v.pipe(v.string(), v.nonEmpty('S3_BUCKET must not be empty'))),
  S3_ENDPOINT: v.optional(urlFromEnv('S3_ENDPOINT', ['http:', 'https:'])),
  S3_REGION: v.optional(v.pipe(v.string(), v.nonEmpty('S3_REGION must not be empty'))),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.nonEmpty('S3_ACCESS_KEY_ID must not be empty'))),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.nonEmpty('S3_SECRET_ACCESS_KEY must not be empty'))),
  S3_FORCE_PATH_STYLE: v.optional(
    v.picklist(['true', 'false'], 'S3_FORCE_PATH_STYLE must be true or false'),
    'false',
  ),
  // Prometheus metrics on a port of their own (METRICS_PORT) and/or behind a token.
  METRICS_PORT: v.optional(intFromEnv('METRICS_PORT', 1, 65535)),
  METRICS_HOST: v.optional(v.pipe(v.string(), v.nonEmpty('METRICS_HOST must not be empty')), '127.0.0.1'),
  METRICS_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'METRICS_TOKEN must be at least 16 characters')),
  ),
  // How long a stopping server waits for requests in flight before it exits.
  DRAIN_SECONDS: v.optional(intFromEnv('DRAIN_SECONDS', 0, 600), '25'),
  // Outside classrooms: Vonage video and LearnCube; the built-in room otherwise.
  VIDEO_PROVIDER: v.optional(
    v.picklist(['builtin', 'vonage'], 'VIDEO_PROVIDER must be builtin or vonage'),
    'builtin',
  ),
  VONAGE_APPLICATION_ID: v.optional(
    v.pipe(v.string(), v.nonEmpty('VONAGE_APPLICATION_ID must not be empty')),
  ),
  VONAGE_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.nonEmpty('VONAGE_PRIVATE_KEY must not be empty'))),
  VONAGE_API_URL: v.optional(
    urlFromEnv('VONAGE_API_URL', ['http:', 'https:']),
    'https://video.api.vonage.com',
  ),
  LEARNCUBE_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.nonEmpty('LEARNCUBE_PUBLIC_KEY must not be empty'))),
  LEARNCUBE_PRIVATE_KEY: v.optional(
    v.pipe(v.string(), v.minLength(16, 'LEARNCUBE_PRIVATE_KEY must be at least 16 characters')),
  ),
  LEARNCUBE_API_URL: v.optional(
    urlFromEnv('LEARNCUBE_API_URL', ['http:', 'https:']),
    'https://app.learncube.com/api/virtual-classroom',
  ),
  LEARNCUBE_CLIENT_URL: v.optional(
    urlFromEnv('LEARNCUBE_CLIENT_URL', ['http:', 'https:']),
    'https://static.learncube.net/client/virtualclassroom.api.0.1.6.js',
  ),
  LEARNCUBE_STYLE_URL: v.optional(
    urlFromEnv('LEARNCUBE_STYLE_URL', ['http:', 'https:']),
    'https://static.learncube.net/client/virtualclassroom.api.0.1.6.css',
  ),
  // The SMS gateway (config-sms.ts): SMSAPI or Twilio; no SMS without it.
  ...smsEnvEntries,
})

export type Env = v.InferOutput<typeof envSchema>
