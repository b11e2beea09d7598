import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Polish is the source and default locale; English is the fallback (product-rules.md "Who uses it").
export default defineConfig({
  sourceLocale: 'pl',
  locales: ['pl', 'en'],
  fallbackLocales: { default: 'en' },
  // Tests word their own fixtures; only what people read goes into the catalogs.
  catalogs: [
    {
      path: '<rootDir>/src/web/locales/{locale}',
      include: ['src/web'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
})
