// Unit-test setup shared by every web test (vitest.config.ts `setupFiles`).
import 'fake-indexeddb/auto'
// The app loads catalogs when it needs them (app/i18n.ts); tests switch languages synchronously.
import { loadCatalog } from './app/i18n.ts'

await Promise.all([loadCatalog('pl'), loadCatalog('en')])
