import './app/mantine-styles.ts'
import './app/focus-ring.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { queryClient } from './api/query-client.ts'
import { getSession, subscribeSession } from './api/session.ts'
import { App } from './app/app.tsx'
import { connectTransport } from './app/connect-transport.ts'
import { preloadDashboardScreen } from './app/preload-screen.ts'
import { activateLocale, readStoredLocale } from './config/i18n.ts'
import { identifyUser, initMonitoring } from './config/monitoring.ts'
import { whenIdle } from './config/when-idle.ts'

// A signed-in start downloads its screen and asks for its data alongside the language and the
// first render.
const session = getSession()
if (session) {
  preloadDashboardScreen(window.location.pathname, queryClient)
  void import('./app/signed-in-prefetch.ts').then(({ prefetchSignedInData }) =>
    prefetchSignedInData(queryClient, session),
  )
}
// The first render waits for the language (English is a chunk of its own; Polish is here).
await activateLocale(readStoredLocale())
connectTransport()
void initMonitoring().then(() => {
  identifyUser(getSession())
  subscribeSession(() => identifyUser(getSession()))
})

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const root = createRoot(container)
// A transition renders in slices that yield to the browser between them, so a phone's first
// screen (and the lazy screens that resume it) never holds the main thread for long.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})

// The service worker registers in an idle moment after the page has loaded: its precache (some
// 1.6 MB) must not compete with the first screen's data and pictures on a phone, and its code (the
// update toast) is a chunk of its own.
if (import.meta.env.PROD) {
  const register = () =>
    whenIdle(() => {
      void import('./app/service-worker-registration.tsx').then(({ registerServiceWorker }) =>
        registerServiceWorker(),
      )
    }, 1500)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
