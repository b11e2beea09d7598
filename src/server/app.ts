import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { authRoutes } from './modules/auth/routes.ts'
import { dictionaryRoutes } from './modules/dictionaries/routes.ts'
import { settingsRoutes } from './modules/settings/routes.ts'
import { userRoutes } from './modules/users/routes.ts'
import { registerAuthentication } from './platform/auth.ts'
import { registerErrorHandler } from './platform/errors.ts'
import type { Mailer } from './platform/mail.ts'
import { registerStatic } from './platform/static.ts'

export type Clock = { now(): Date }
export const systemClock: Clock = { now: () => new Date() }

export type AppDeps = {
  config: Config
  database: Database
  mailer: Mailer
  clock?: Clock
  /** false in tests that want pino silent */
  logger?: boolean | object
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Omit<AppDeps, 'logger'>>
  }
}

function contentSecurityPolicy(): Record<string, string[]> {
  const connect = ["'self'"]
  const sentry = process.env.VITE_SENTRY_DSN
  if (sentry) connect.push(new URL(sentry).origin)
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine writes its CSS variables into <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    disableRequestLogging: false,
  })
  app.decorate('deps', { config: deps.config, database: deps.database, mailer: deps.mailer, clock: deps.clock ?? systemClock })

  registerErrorHandler(app)
  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy() },
    crossOriginEmbedderPolicy: false,
  })
  // Limits are set per route (sign_in, reset_password); nothing is limited globally.
  await app.register(rateLimit, { global: false })
  registerAuthentication(app)

  await app.register(
    async (api) => {
      await api.register(authRoutes)
      await api.register(userRoutes)
      await api.register(dictionaryRoutes)
      await api.register(settingsRoutes)
    },
    { prefix: '/api/v1' },
  )
  await registerStatic(app, deps.config.webDir)
  return app
}
