import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { getSession, subscribeSession } from './api/session.ts'
import { App } from './app/app.tsx'
import { connectTransport } from './app/connect-transport.ts'
import { activateLocale, readStoredLocale } from './app/i18n.ts'
import { identifyUser, initMonitoring } from './app/monitoring.ts'
import { registerServiceWorker } from './app/service-worker-registration.tsx'

activateLocale(readStoredLocale())
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

if (import.meta.env.PROD) registerServiceWorker()
