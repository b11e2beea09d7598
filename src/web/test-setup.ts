// Unit-test setup shared by every unit test (vitest.config.ts `setupFiles`).
import 'fake-indexeddb/auto'
import fc from 'fast-check'
// The app loads catalogs and the dialogs' Modal when it needs them (config/i18n.ts,
// ui/app-dialog.tsx); tests have them from the start, so languages switch and dialogs open at once.
import { loadCatalog } from './config/i18n.ts'

await Promise.all([loadCatalog('pl'), loadCatalog('en')])
// The Modal only where a test renders (happy-dom): the server's tests do without Mantine.
if (typeof document !== 'undefined') {
  const { preloadDialogModal } = await import('./ui/app-dialog.tsx')
  await preloadDialogModal()
}

// Screens render their data as transitions, which a loaded CI machine schedules later than a quiet
// one: `findBy…` waits up to 3 s instead of 1 s before it fails.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react')
  configure({ asyncUtilTimeout: 3000 })
}

// Property tests draw their cases from a seed (docs/decisions.md "Property tests under CI"): under
// CI a fixed one, so a run passes or fails by the code alone; elsewhere a new one each run, which
// keeps exploring (a failure prints its seed). FC_SEED names one, e.g. to replay a failure.
const seed = process.env.FC_SEED ?? (process.env.CI ? '20261128' : undefined)
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) })
