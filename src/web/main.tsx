import './app/mantine-styles.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { getSession, subscribeSession } from './api/session.ts'
import { App } from './app/app.tsx'
import { connectTransport } from './app/connect-transport.ts'
import { activateLocale, readStoredLocale } from './app/i18n.ts'
import { identifyUser, initMonitoring } from './app/monitoring.ts'
import { preloadDashboardScreen } from './app/screen-chunks.ts'
import { registerServiceWorker } from './app/service-worker-registration.tsx'

// A signed-in start downloads its screen alongside the language and the first render.
if (getSession()) preloadDashboardScreen(window.location.pathname)
// The first render waits for the language (English is a chunk of its own; Polish is here).
await activateLocale(readStoredLocale())
connectTransport()
void initMonitoring().then(() => {
  identifyUser(getSession())
  subscribeSession(() => identifyUser(getSession()))
})

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

// The service worker registers once the page has loaded: its precache downloads must not compete
// with the first screen's.
if (import.meta.env.PROD) {
  if (document.readyState === 'complete') registerServiceWorker()
  else window.addEventListener('load', registerServiceWorker, { once: true })
}
