import type { MessageDescriptor } from '@lingui/core'
import type { ApiError } from './api-error.ts'
import { endLocalSession } from './end-session.ts'
import { apiErrorMessage, codeMessage } from './error-messages.ts'
import { setServerError } from './server-error.ts'

/** How a request wants its failures handled. */
export type ErrorHandling = {
  /** The request carried the session's bearer token (a 401 then means the session is over). */
  authenticated: boolean
  /** The caller shows 4xx and network errors itself, beside the form (e.g. the login form). */
  inline: boolean
}

/** The pieces of UI the transport rules need; the app connects them at start. */
export type TransportUi = {
  notify: (message: MessageDescriptor, tone: 'error' | 'info') => void
  navigate: (to: string) => void
  /** Sends unexpected failures to error reporting (Sentry when configured). */
  report: (error: ApiError) => void
}

let ui: TransportUi = { notify: () => undefined, navigate: () => undefined, report: () => undefined }

export function connectTransportUi(next: TransportUi): void {
  ui = next
}

/**
 * product-rules.md "Errors", transport level. Runs once per failed request, before the caller sees
 * the error.
 */
export async function handleTransportError(error: ApiError, handling: ErrorHandling): Promise<void> {
  if (error.kind === 'aborted') return
  if (error.isServerError) {
    ui.report(error)
    setServerError()
    return
  }
  if (error.kind === 'network') {
    // "Network error!" — except while the browser knows it is offline: the offline notice already
    // says so, quietly (design.md "Feedback"; decisions.md "Offline and reconnect").
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false
    if (!handling.inline && !offline) ui.notify(apiErrorMessage(error), 'error')
    return
  }
  if (error.status === 401 && handling.authenticated) {
    // product-rules.md "Errors": a 401 answer on any call logs the user out and goes to login.
    ui.notify(codeMessage('unauthenticated'), 'info')
    await endLocalSession({ keepOutbox: true })
    ui.navigate('/login')
    return
  }
  // 403: the answer's error (by its code); other 4xx likewise, unless the caller shows them inline.
  if (!handling.inline) ui.notify(apiErrorMessage(error), 'error')
}
