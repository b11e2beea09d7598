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
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.integration.test.ts'],
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
