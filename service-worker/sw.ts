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
import { API_CACHE_NAME } from './cache-names.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> }

// The app shell (HTML, JS, CSS, icons, manifest) is precached; old precaches are removed.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Any in-app navigation is answered with the precached shell, so the app reloads offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }))

// Reference data: network first, the last good answer when offline or slow (ARCHITECTURE.md).
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

// A new version waits until the page asks it to take over (the app's "Reload" button).
self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting()
})

function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING'
}

clientsClaim()
