import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { settleStoryEnv } from './src/server/test-support/story-clock.ts'

// The tests' "now" (docs/decisions.md "One clock for tests"): the next Tuesday 09:20 in Poland,
// unless the environment names the moment (`npm run test:any-hour`). The workers inherit it.
settleStoryEnv(process.env, Date.now())

export default defineConfig({
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), react(), lingui()],
  test: {
    projects: [
      // The unit tests in two projects (`--project 'unit-*'` runs both; docs/decisions.md "The web's
      // unit tests in VM contexts"): the web's, each file in a VM context of its own on workers that
      // keep their imports (React, Mantine, happy-dom are loaded once a worker, not once a file);
      // the rest (server, domain, scripts) in a process per file, where Node's own errors keep
      // their classes.
      {
        extends: true,
        test: {
          name: 'unit-web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
          pool: 'vmThreads',
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-node',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.integration.test.ts', 'src/web/**'],
          environment: 'node',
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One PostgreSQL for the run (TEST_DATABASE_URL, or an embedded one); each file has its
          // own database on it, so files run side by side.
          globalSetup: ['src/server/test-support/test-postgres.ts'],
        },
      },
    ],
  },
})
