import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import { clusterDir, stopCluster } from '../src/server/db/embedded/cluster.ts'

// Starts the real server for the Playwright journeys on a fresh data directory (so every run
// begins from the demo seed) with the built PWA. `npm test` builds before it runs the journeys.
const dataDir = path.resolve(process.env.DATA_DIR ?? '.tmp/e2e-data')
if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` before the e2e tests')
  process.exit(1)
}
// A run that was killed may have left its PostgreSQL running on the directory.
await stopCluster(clusterDir(dataDir))
rmSync(dataDir, { recursive: true, force: true })
process.env.DATA_DIR = dataDir
// The story clock of the run (playwright.config.ts sets it; src/server/test-support/story-clock.ts).
await import('../src/server/test-support/story-server.ts')
