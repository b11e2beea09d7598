// Why the camera or microphone could not be opened ("Camera or microphone not connected or
// permission not granted", product-rules.md "Errors"), and which browser's advice to give.

export type MediaProblem = 'denied' | 'no_device' | 'busy' | 'unsupported'
export type BrowserFamily = 'chrome' | 'firefox' | 'safari' | 'edge' | 'other'

const DENIED = new Set(['NotAllowedError', 'PermissionDeniedError', 'SecurityError'])
const MISSING = new Set(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'])
const BUSY = new Set(['NotReadableError', 'TrackStartError', 'AbortError'])

/** The problem a getUserMedia rejection means. */
export function mediaProblem(error: unknown): MediaProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  if (DENIED.has(name)) return 'denied'
  if (MISSING.has(name)) return 'no_device'
  if (BUSY.has(name)) return 'busy'
  return 'unsupported'
}

/** The browser family, for the advice on where its site permissions are. */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/Edg\//.test(userAgent)) return 'edge'
  if (/Firefox\//.test(userAgent)) return 'firefox'
  if (/Chrome\/|Chromium\/|CriOS\//.test(userAgent)) return 'chrome'
  if (/Safari\//.test(userAgent)) return 'safari'
  return 'other'
}
