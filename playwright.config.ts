import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './scripts/find-chromium.ts'
import { settleStoryEnv } from './src/server/test-support/story-clock.ts'

// E2E journeys run against the real server (built PWA + API on one port) on a throw-away data
// directory (the embedded PostgreSQL), in Debian's Chromium.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18400)
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data')

const executablePath = await findChromium()

// The run's "now" (docs/decisions.md "One clock for tests"): the next Tuesday 09:20 in Poland,
// unless the environment names the moment (`npm run test:any-hour`). Set here, once, in the
// runner's process; its workers and the servers inherit the pair, so all agree on "now".
settleStoryEnv(process.env, Date.now())

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]] : [['list']],
  outputDir: '.tmp/e2e-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  },
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      LOG_LEVEL: 'warn',
    },
    stdout: 'pipe',
    stderr: 'pipe',
    // Not the default SIGKILL: the server stops its PostgreSQL (in a session of its own) itself.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
})
