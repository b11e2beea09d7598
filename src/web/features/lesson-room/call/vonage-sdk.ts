import OT from '@vonage/client-sdk-video'
import type { VonageSdk } from './vonage-api.ts'

// Vonage's client SDK, the only importer of `@vonage/client-sdk-video`: loaded with `import()` when
// a Vonage lesson's room is entered, so the SDK and this module are one chunk of their own, named
// after this file (assets/vonage-sdk-*.js): never in the shell, never precached (vite.config.ts
// globIgnores `vonage-*.js`). The E2E journey serves a stand-in in its place
// (tests/e2e/support/vonage-standin.js), which exports the same name.

export const vonageSdk: VonageSdk = OT
