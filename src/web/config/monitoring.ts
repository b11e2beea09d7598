import type { AccountRole } from '../../domain/api/common.ts'

type SentryModule = typeof import('@sentry/react')

// Errors reach Sentry only when VITE_SENTRY_DSN is set. The SDK is imported dynamically, so without
// a DSN it is never downloaded.
let sentry: SentryModule | undefined

export async function initMonitoring(): Promise<void> {
  const dsn = import.meta.env.VITE_SENTRY_DSN
  if (!dsn) return
  const module = await import('@sentry/react')
  module.init({
    dsn,
    release: import.meta.env.VITE_BUILD_ID,
    integrations: [module.browserTracingIntegration()],
    tracesSampleRate: 1,
  })
  sentry = module
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (sentry) sentry.captureException(error, context ? { extra: context } : undefined)
  else console.error(error)
}

/** The signed-in user is tracked (id and role only, no e-mail). */
export function identifyUser(session: { userId: string; role: AccountRole } | null): void {
  sentry?.setUser(session ? { id: session.userId, role: session.role } : null)
}
