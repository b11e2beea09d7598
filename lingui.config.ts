import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Polish is the source and default locale; English is the fallback (spec §1, §9).
export default defineConfig({
  sourceLocale: 'pl',
  locales: ['pl', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/web/locales/{locale}', include: ['src/web'] }],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
})
