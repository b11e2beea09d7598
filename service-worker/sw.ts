/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import {
  API_CACHE_NAME,
  DRAIN_OUTBOX_MESSAGE,
  FROM_CACHE_HEADER,
  OUTBOX_SYNC_TAG,
  SAVED_AT_HEADER,
} from './cache-names.ts'
import { registerPushEvents } from './push-events.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> }

// The app shell (HTML, JS, CSS, icons, manifest) is precached; old precaches are removed.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Any in-app navigation is answered with the precached shell, so the app reloads offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }))

// Reference data: network first, the last good answer when offline or slow (architecture.md "Offline").
const referenceData = /^\/api\/v1\/(?:(?:languages|levels|specializations)\/list|settings\/show)$/
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && referenceData.test(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE_NAME,
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
)

// The lesson lists: network first, else the last answer, marked with when it was fetched so
// my-lessons can say the data may be out of date (src/web/api/http.ts reads the header).
const lessonLists = /^\/api\/v1\/lessons\/(?:list_scheduled|list_finished|list_group|show)$/
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && lessonLists.test(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE_NAME,
    networkTimeoutSeconds: 8,
    plugins: [
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 60 * 60 }),
      {
        cacheWillUpdate: async ({ response }) =>
          response.ok ? withHeader(response, SAVED_AT_HEADER, String(Date.now())) : null,
        cachedResponseWillBeUsed: async ({ cachedResponse }) =>
          cachedResponse ? withHeader(cachedResponse, FROM_CACHE_HEADER, '1') : null,
      },
    ],
  }),
)

async function withHeader(response: Response, name: string, value: string): Promise<Response> {
  const headers = new Headers(response.headers)
  headers.set(name, value)
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

// Background Sync (where the browser has it): an open page drains the outbox of writes made
// offline; it holds the session, which the worker never sees (src/web/offline/outbox-sync.ts).
// The DOM library has no SyncEvent type yet.
type SyncEvent = ExtendableEvent & { tag: string }
self.addEventListener('sync', (raw) => {
  const event = raw as SyncEvent
  if (event.tag !== OUTBOX_SYNC_TAG) return
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const client of windows) client.postMessage({ type: DRAIN_OUTBOX_MESSAGE })
    }),
  )
})

// A new version waits until the page asks it to take over (the app's "Reload" button sends
// workbox-window's messageSkipWaiting: {type: 'SKIP_WAITING'}).
self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting()
})

function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING'
}

// Web push: showing a push, and where a click on it leads.
registerPushEvents(self)

clientsClaim()
