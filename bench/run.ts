import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { clusterDir, stopCluster } from '../src/server/db/embedded/cluster.ts'
import { hashPassword } from '../src/server/platform/passwords.ts'
import { type LoadResult, type LoadSource, runLoad } from './load.ts'
import { type PgbenchResult, pgbenchBooking } from './pgbench.ts'
import { startTempPostgres } from './postgres.ts'
import { prepareDatabase, STUDENTS, TEACHERS } from './seed.ts'
import { type BenchServer, type ServerMemory, startBenchServer } from './server.ts'
import { benchTargets, bookingCursor } from './targets.ts'

// `npm run bench`: seeds a large data set (TEACHERS teachers with two weeks of slots,
// STUDENTS students) into the embedded default database (the PostgreSQL that `npm start` starts
// under DATA_DIR) and into an external PostgreSQL (BENCH_DATABASE_URL, or a throw-away cluster of
// the machine's PostgreSQL), starts the real server on each in a child process, and measures
// requests/s and p50/p99 latency at 50 connections per endpoint, with the static /health answer
// of the same server as the ceiling. Printed side by side; written to bench/results/latest.json.

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000
// For profiling: BENCH_ONLY=<endpoint name part>, BENCH_DATABASES=embedded|postgres, and
// BENCH_NODE_ARGS for the server process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
const ONLY = process.env.BENCH_ONLY
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',')
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 5) * 1000
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
/** The servers listen on BENCH_PORT and the port after it (several people may bench on one machine). */
const PORT = Number(process.env.BENCH_PORT ?? 18500)
/** The second server process of a database listens this far above the first. */
const SECOND_PORT_OFFSET = 10
/** Time for the second process to load its board (1.8 s at 20,000 teachers). */
const SECOND_SETTLE_MS = 5000
/** BENCH_TWO_PROCESSES=0 leaves out the run with two server processes on one database. */
const TWO_PROCESSES = process.env.BENCH_TWO_PROCESSES !== '0'

const line = (label: string, name: string, r: LoadResult) =>
  `${label.padEnd(9)} ${name.padEnd(24)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}${r.errors ? ` ${JSON.stringify(r.failures)}` : ''}`

async function benchDatabase(
  label: string,
  databaseUrl: string | undefined,
  port: number,
  passwordHash: string,
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lk-bench-'))
  const started = performance.now()
  // The throw-away external cluster runs the app as its superuser, allowed: only the embedded
  // default makes the app's roles itself (docs/decisions.md "The app's database roles").
  const external = databaseUrl ? { databaseUrl, allowSuperuser: true } : {}
  const data = await prepareDatabase({ ...external, dataDir }, new Date(), passwordHash)
  console.log(
    `${label}: seeded ${TEACHERS} teachers and ${STUDENTS} students in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  const serverEnv = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_ALLOW_SUPERUSER: 'true' } : {}),
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
  }
  const server = await startBenchServer(port, serverEnv, {
    nodeArgs: NODE_ARGS,
    logs: Boolean(process.env.BENCH_LOG_LEVEL),
  })
  const base = server.base
  try {
    const cursor = bookingCursor()
    const targets = benchTargets([base], data, cursor)
    const results: Record<string, LoadResult> = {}
    const startup = await measureStartup(label, server, targets, results)
    // A second server process on the same database, for the runs of two processes.
    const second = TWO_PROCESSES
      ? await startBenchServer(port + SECOND_PORT_OFFSET, serverEnv, { nodeArgs: NODE_ARGS })
      : null
    // Whatever start-up work is left (the slots' top-up, the second board's load) runs before the
    // measurements below.
    await new Promise((r) => setTimeout(r, Math.max(SECOND_SETTLE_MS, SETTLE_MS - startup.elapsedMs)))
    try {
      const both = second ? new Map(benchTargets([base, second.base], data, cursor)) : null
      for (const [name, source] of targets) {
        if (ONLY && !name.includes(ONLY)) continue
        const result = await measure(source)
        results[name] = result
        console.log(line(label, name, result))
        // The last of the reads.
        if (name === 'teachers/search, any time') {
          memory[label] = { ...memory[label], afterReads: await server.memory() }
          console.log(
            `${label.padEnd(9)} ${'memory after the reads'.padEnd(24)} ${megabytes(memory[label].afterReads)}`,
          )
        }
        // The same load sent to both processes in turn, right after one process's run.
        const twice = name.startsWith('health') ? undefined : both?.get(name)
        if (twice) {
          const two = await measure(twice)
          results[`${name} ×2`] = two
          console.log(
            `${line(label, `${name} ×2`, two)}  → ${(two.rps / result.rps).toFixed(2)}× one process`,
          )
        }
      }
    } finally {
      await second?.stop()
    }
    const booking = results['lessons/create']
    if (booking) {
      await server.stop()
      // The same booking, straight from pgbench, on the same database.
      const ceiling = await pgbenchBooking({ ...external, dataDir }, CONNECTIONS)
      if (ceiling) {
        pgbench[label] = { ...ceiling, ratio: booking.rps / ceiling.tps }
        console.log(
          `${label.padEnd(9)} ${'pgbench, same booking'.padEnd(24)} ${ceiling.tps.toFixed(0).padStart(7)} tps    avg ${ceiling.latencyMs.toFixed(1).padStart(6)} ms  → lessons/create keeps ${((100 * booking.rps) / ceiling.tps).toFixed(0)} % (${ceiling.booked} of ${ceiling.used} calls booked)`,
        )
      } else console.log('(no pgbench installed: the booking ceiling is not measured)')
    }
    return results
  } finally {
    await server.stop()
    await stopCluster(clusterDir(dataDir))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * One endpoint's run, after a second of warm-up (a booking's warm-up books other students' slots):
 * what is measured is the steady state, not the first calls' compiling, connecting and planning.
 */
async function measure(source: LoadSource): Promise<LoadResult> {
  await runLoad(source, CONNECTIONS, 1000)
  return runLoad(source, CONNECTIONS, DURATION_MS)
}

const megabytes = (m: ServerMemory | undefined) =>
  m
    ? `RSS ${(m.rss / 2 ** 20).toFixed(0)} MB, heap ${(m.heapUsed / 2 ** 20).toFixed(0)} MB used of ${(m.heapTotal / 2 ** 20).toFixed(0)} MB`
    : ''

/**
 * From the moment the server listens, how long until a search is answered (the
 * board loaded), then searches and timetables side by side while the start-up work still runs.
 */
async function measureStartup(
  label: string,
  server: BenchServer,
  targets: [string, LoadSource][],
  results: Record<string, LoadResult>,
): Promise<{ elapsedMs: number }> {
  const listening = performance.now()
  const search = targets.find(([name]) => name === 'teachers/search')?.[1]
  const show = targets.find(([name]) => name === 'timetables/show')?.[1]
  if (!search || !show || (ONLY && !'start-up reads'.includes(ONLY))) return { elapsedMs: 0 }
  const next = (source: LoadSource) => (typeof source === 'function' ? source() : source)
  for (;;) {
    const target = next(search)
    const answer = await fetch(target.url, { headers: target.headers ?? {} })
    if (answer.ok) break
    if (performance.now() - listening > 60_000) throw new Error(`search still answers ${answer.status}`)
  }
  const readyMs = performance.now() - listening
  memory[label] = { boardReady: await server.memory() }
  console.log(
    `${label.padEnd(9)} ${'board ready'.padEnd(24)} ${(readyMs / 1000).toFixed(2).padStart(7)} s after listening; ${megabytes(memory[label].boardReady)}`,
  )
  let turn = 0
  const mixed = () => next(turn++ % 2 === 0 ? search : show)
  const reads = await runLoad(mixed, CONNECTIONS, DURATION_MS)
  results['start-up reads'] = reads
  console.log(line(label, 'start-up reads', reads))
  boardReady[label] = readyMs
  return { elapsedMs: performance.now() - listening }
}

function sideBySide(report: Record<string, Record<string, LoadResult>>): void {
  const labels = Object.keys(report)
  const names = Object.keys(report[labels[0] ?? ''] ?? {})
  const cell = (r: LoadResult | undefined) =>
    r
      ? `${r.rps.toFixed(0).padStart(6)} ${r.p50.toFixed(1).padStart(6)} ${r.p99.toFixed(1).padStart(6)}`
      : ''.padStart(20)
  console.log(`\n${''.padEnd(24)} ${labels.map((l) => `${l} req/s p50 p99 (ms)`.padStart(28)).join(' ')}`)
  for (const name of names) {
    console.log(`${name.padEnd(24)} ${labels.map((l) => cell(report[l]?.[name]).padStart(28)).join(' ')}`)
  }
}

console.log(`${CONNECTIONS} connections, ${DURATION_MS / 1000} s per endpoint`)
const passwordHash = await hashPassword('Bench-password-2026')
const results: Record<string, Record<string, LoadResult>> = {}
const pgbench: Record<string, PgbenchResult & { ratio: number }> = {}
const boardReady: Record<string, number> = {}
const memory: Record<string, { boardReady?: ServerMemory; afterReads?: ServerMemory }> = {}
if (DATABASES.includes('embedded'))
  results.Embedded = await benchDatabase('Embedded', undefined, PORT, passwordHash)
const wantsPostgres = DATABASES.includes('postgres')
const temp = process.env.BENCH_DATABASE_URL || !wantsPostgres ? null : startTempPostgres(PORT + 2)
const pgUrl = process.env.BENCH_DATABASE_URL ?? temp?.url
try {
  if (!wantsPostgres) console.log('(PostgreSQL left out by BENCH_DATABASES)')
  else if (pgUrl) results.Postgres = await benchDatabase('Postgres', pgUrl, PORT + 1, passwordHash)
  else console.log('(no PostgreSQL installed and no BENCH_DATABASE_URL: the embedded database only)')
} finally {
  temp?.stop()
}
sideBySide(results)
mkdirSync('bench/results', { recursive: true })
const report = {
  connections: CONNECTIONS,
  seconds: DURATION_MS / 1000,
  teachers: TEACHERS,
  students: STUDENTS,
  results,
  pgbench,
  boardReadyMs: boardReady,
  memory,
}
writeFileSync('bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`)
