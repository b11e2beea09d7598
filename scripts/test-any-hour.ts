import { spawn, spawnSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs'
import {
  CRITICAL_MOMENTS,
  nextOccurrence,
  type StoryMoment,
  storyEnv,
} from '../src/server/test-support/story-clock.ts'
import { type Counts, countPlaywright, countVitest, failedPlaywright, failedVitest } from './test-counts.ts'

// `npm run test:any-hour [-- NAME…]`: the integration tests and the journeys at each of the week's
// critical moments (src/server/test-support/story-clock.ts CRITICAL_MOMENTS; a NAME picks
// moments, e.g. "Friday 23:50" or "summer"), for use before changing a rule of time. Not part of
// `npm test`, which runs once, at a Tuesday morning. Per moment, the integration tests run beside
// the journeys, as in `npm test`; their outputs, reports and the journeys' failure artifacts go to
// .tmp/any-hour/. The web app is built once, first. The last lines are a table of the moments, the
// failed cases and "N passed, N failed".

const OUT = '.tmp/any-hour'
mkdirSync(OUT, { recursive: true })

const wanted = process.argv.slice(2).map((name) => name.toLowerCase())
const moments = CRITICAL_MOMENTS.filter(
  (moment) => wanted.length === 0 || wanted.some((name) => moment.name.toLowerCase().includes(name)),
)
if (moments.length === 0) {
  console.error(
    `No moment matches ${wanted.join(', ')}; the moments: ${CRITICAL_MOMENTS.map((m) => m.name).join(', ')}`,
  )
  process.exit(2)
}

const slug = (moment: StoryMoment) => moment.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/** Runs `npx args` with its output in `log`; resolves with the exit code. */
function npx(args: string[], env: Record<string, string>, log: string): Promise<number> {
  const fd = openSync(log, 'w')
  const child = spawn('npx', args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...env } })
  closeSync(fd)
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)))
}

console.log('▶ production build')
if (spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1)

type Row = { moment: string; at: string; integration: Counts; journeys: Counts; seconds: number }
const rows: Row[] = []
for (const moment of moments) {
  const since = Date.now()
  const at = nextOccurrence(moment, since)
  const env = { ...storyEnv(at, since), LEKTORIUM_ANY_HOUR: '1', CI: 'true' }
  const base = `${OUT}/${slug(moment)}`
  console.log(`\n▶ ${moment.name}: ${at.toISOString()} (the tests' "now" at the start)`)
  rmSync(`${base}-integration.json`, { force: true })
  rmSync(`${base}-journeys.json`, { force: true })
  const integration = npx(
    [
      'vitest',
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${base}-integration.json`,
    ],
    env,
    `${base}-integration.log`,
  )
  const journeys = npx(
    ['playwright', 'test', '--reporter=list,json', `--output=${base}-artifacts`],
    { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${base}-journeys.json` },
    `${base}-journeys.log`,
  )
  await Promise.all([integration, journeys])
  const row: Row = {
    moment: moment.name,
    at: at.toISOString(),
    integration: countVitest(`${base}-integration.json`),
    journeys: countPlaywright(`${base}-journeys.json`),
    seconds: Math.round((Date.now() - since) / 1000),
  }
  rows.push(row)
  console.log(
    `  integration ${row.integration.passed} passed, ${row.integration.failed} failed; journeys ${row.journeys.passed} passed, ${row.journeys.failed} failed (${row.seconds} s)`,
  )
  const failed = [
    ...(row.integration.failed ? failedVitest(`${base}-integration.json`) : []),
    ...(row.journeys.failed ? failedPlaywright(`${base}-journeys.json`) : []),
  ]
  for (const line of failed) console.log(`    ${line}`)
}

writeFileSync(`${OUT}/summary.json`, JSON.stringify(rows, null, 2))
console.log('\n| moment | the tests\' "now" | integration | journeys | s |\n| --- | --- | --- | --- | ---: |')
for (const row of rows) {
  const cell = (c: Counts) => `${c.passed} passed, ${c.failed} failed`
  console.log(
    `| ${row.moment} | ${row.at} | ${cell(row.integration)} | ${cell(row.journeys)} | ${row.seconds} |`,
  )
}
const total = rows.reduce(
  (sum, row) => ({
    passed: sum.passed + row.integration.passed + row.journeys.passed,
    failed: sum.failed + row.integration.failed + row.journeys.failed,
  }),
  { passed: 0, failed: 0 },
)
console.log(`\n${total.passed} passed, ${total.failed} failed`)
process.exit(total.failed > 0 ? 1 : 0)
