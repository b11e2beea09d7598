import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs'
import { type Counts, countPlaywright, countVitest, failedPlaywright, failedVitest } from './test-counts.ts'

// `npm test`: type checks, lint, catalog check, unit tests (under two machine time zones),
// integration tests (once, on PostgreSQL: TEST_DATABASE_URL's, or else an embedded one the run
// starts itself), a production build with its JavaScript size budget, and the Playwright journeys.
// Every step runs; the run fails if any step failed. The last line is the total of test cases (the
// budget counts as one): "N passed, N failed".
//
// Two lanes, for the two cores: the integration tests (much of their time is spent waiting on
// PostgreSQL, timers and the job queue's polling) run beside the unit tests and the build; their
// output goes to .tmp/integration.log and is printed when they end. The journeys start after the
// unit tests, so they share the machine with the integration tests' tail only.

const totals: Counts = { passed: 0, failed: 0 }
const failedSteps: string[] = []
/** The failed cases, named with the first line of their error: printed last, above the total. */
const failedCases: string[] = []
mkdirSync('.tmp', { recursive: true })

function run(
  name: string,
  cmd: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): boolean {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  console.log(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  if (!ok) failedSteps.push(name)
  return ok
}

const vitestArgs = (project: string, out: string) => [
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
]

function count(c: Counts) {
  totals.passed += c.passed
  totals.failed += c.failed
}

function vitest(name: string, project: string, out: string, env: Record<string, string | undefined>) {
  rmSync(out, { force: true })
  if (!run(name, 'npx', vitestArgs(project, out), env)) failedCases.push(...failedVitest(out))
  count(countVitest(out))
}

/**
 * A vitest run in the other lane. Its output goes straight to the file `log` (the steps beside it
 * block this process with spawnSync, so nothing here could drain a pipe meanwhile), and is printed
 * once this process waits for it.
 */
function vitestBeside(name: string, project: string, out: string, log: string): Promise<void> {
  rmSync(out, { force: true })
  const started = Date.now()
  console.log(`\n▶ ${name} (beside the steps below; output in ${log})`)
  const fd = openSync(log, 'w')
  const child = spawn('npx', vitestArgs(project, out), { stdio: ['ignore', fd, fd] })
  closeSync(fd)
  return new Promise((resolve) => {
    child.on('close', (code) => {
      console.log(`\n▶ ${name}: its output\n${readFileSync(log, 'utf8')}`)
      const ok = code === 0
      // The end is when its report was written: this process only hears of it between its steps.
      const ended = existsSync(out) ? statSync(out).mtimeMs : Date.now()
      console.log(`${ok ? '✔' : '✘'} ${name} (${((ended - started) / 1000).toFixed(1)} s)`)
      if (!ok) {
        failedSteps.push(name)
        failedCases.push(...failedVitest(out))
      }
      count(countVitest(out))
      resolve()
    })
  })
}

run('type check (web, server, service worker)', 'npm', ['run', '-s', 'typecheck'])
run('lint and format (biome)', 'npx', ['biome', 'check', '.'])
run('catalogs in sync with the source', 'npx', ['lingui', 'check', 'sync'])
run('catalogs complete (pl, en)', 'npx', ['lingui', 'check', 'missing'])

const integration = vitestBeside(
  process.env.TEST_DATABASE_URL
    ? 'integration tests (PostgreSQL of TEST_DATABASE_URL)'
    : 'integration tests (embedded PostgreSQL)',
  'integration',
  '.tmp/integration.json',
  '.tmp/integration.log',
)
vitest('unit tests, TZ=UTC', 'unit', '.tmp/unit-utc.json', { TZ: 'UTC' })
vitest('unit tests, TZ=America/New_York', 'unit', '.tmp/unit-ny.json', { TZ: 'America/New_York' })

if (run('production build', 'npm', ['run', '-s', 'build'])) {
  // A size check, not a timing — the JavaScript a cold /login downloads, gzipped.
  const withinBudget = run('JavaScript size budget (cold /login ≤ 150 kB gzipped)', 'node', [
    'scripts/bundle-budget.ts',
  ])
  if (withinBudget) totals.passed += 1
  else totals.failed += 1
  const out = '.tmp/e2e-results.json'
  rmSync(out, { force: true })
  if (!run('end-to-end journeys (Playwright, Chromium)', 'npx', ['playwright', 'test'], { CI: 'true' }))
    failedCases.push(...failedPlaywright(out))
  count(countPlaywright(out))
}
await integration

if (failedSteps.length) console.log(`\nFailed steps:\n${failedSteps.map((s) => `  - ${s}`).join('\n')}`)
if (failedCases.length) console.log(`\nFailed cases:\n${failedCases.map((c) => `  - ${c}`).join('\n')}`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed`)
process.exit(failedSteps.length || totals.failed ? 1 : 0)
