/// <reference lib="webworker" />
import { JOIN_WINDOW_MINUTES } from '../src/domain/constants.ts'

// Web push: a push shows its notification; a click brings the app forward at the lesson. Where a
// click leads is decided when it happens, not when the push arrived: the lesson's room while its
// join window is open (product-rules.md "Join window": from 15 minutes before the start until the
// end), otherwise the push's own address (my-lessons, for a lesson).

type Payload = {
  title: string
  body: string
  url: string
  tag?: string
  lesson_id?: string
  starts_at?: string
  ends_at?: string
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback)

/** The push's JSON, read defensively: a malformed push still shows something. */
function readPayload(data: unknown): Payload {
  const raw: Record<string, unknown> = typeof data === 'object' && data !== null ? { ...data } : {}
  const optional = (key: string) => (typeof raw[key] === 'string' ? { [key]: raw[key] } : {})
  return {
    title: text(raw.title, 'Lektorium'),
    body: text(raw.body),
    url: text(raw.url, '/'),
    ...optional('tag'),
    ...optional('lesson_id'),
    ...optional('starts_at'),
    ...optional('ends_at'),
  }
}

/** The address a click on the notification opens, at `now` (ms). Same origin only. */
export function clickTarget(data: unknown, now: number, origin: string): string {
  const payload = readPayload(data)
  const margin = JOIN_WINDOW_MINUTES * 60_000
  const start = Date.parse(payload.starts_at ?? '')
  const end = Date.parse(payload.ends_at ?? '')
  if (payload.lesson_id && now >= start - margin && now <= end) {
    return `${origin}/dashboard/video-call-vonage?${new URLSearchParams({ lesson_id: payload.lesson_id })}`
  }
  const url = new URL(payload.url, origin)
  return url.origin === origin ? url.href : `${origin}/`
}

/** A window in a lesson's call is never taken away from it by a click on another notification. */
const inCall = (client: WindowClient) => new URL(client.url).pathname.startsWith('/dashboard/video-call')

/**
 * A window already there is brought forward; else an open window of the app (not one in a call)
 * is sent there and brought forward; else a new one is opened.
 */
async function openAt(scope: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window' })
  const there = windows.find((client) => client.url === url)
  if (there) {
    await there.focus().catch(() => undefined)
    return
  }
  for (const client of windows.filter((candidate) => !inCall(candidate))) {
    try {
      const moved = await client.navigate(url)
      await (moved ?? client).focus().catch(() => undefined)
      return
    } catch {
      // Not this one (not controlled by this worker): the next, or a new window.
    }
  }
  await scope.clients.openWindow(url)
}

export function registerPushEvents(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    let data: unknown = null
    try {
      data = event.data?.json() ?? null
    } catch {
      data = { body: event.data?.text() }
    }
    const payload = readPayload(data)
    const shown = scope.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      ...(payload.tag ? { tag: payload.tag } : {}),
      data: payload,
    })
    event.waitUntil(shown)
  })

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close()
    // Started before waitUntil: an event dispatched by a test has no waitUntil to extend.
    const opened = openAt(scope, clickTarget(event.notification.data, Date.now(), scope.location.origin))
    event.waitUntil(opened)
  })
}
