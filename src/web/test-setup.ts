// Unit-test setup shared by every unit test (vitest.config.ts `setupFiles`).
import 'fake-indexeddb/auto'
// The app loads catalogs and the dialogs' Modal when it needs them (app/i18n.ts,
// ui/app-dialog.tsx); tests have them from the start, so languages switch and dialogs open at once.
import { loadCatalog } from './app/i18n.ts'

await Promise.all([loadCatalog('pl'), loadCatalog('en')])
// The Modal only where a test renders (happy-dom): the server's tests do without Mantine.
if (typeof document !== 'undefined') {
  const { preloadDialogModal } = await import('./ui/app-dialog.tsx')
  await preloadDialogModal()
}
