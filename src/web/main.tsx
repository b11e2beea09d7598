import './app/mantine-styles.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { getSession, subscribeSession } from './api/session.ts'
import { App } from './app/app.tsx'
import { connectTransport } from './app/connect-transport.ts'
import { activateLocale, readStoredLocale } from './app/i18n.ts'
import { identifyUser, initMonitoring } from './app/monitoring.ts'

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

// The service worker (and workbox-window) is not needed for the first screen: it registers once
// the page has loaded, as workbox-window would wait for anyway.
if (import.meta.env.PROD) {
  const register = () =>
    void import('./app/service-worker-registration.tsx').then(
      ({ registerServiceWorker }) => registerServiceWorker(),
      (error: unknown) => console.warn('The service worker could not be registered', error),
    )
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
