import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { type AuthRecord, signInResponse } from '../src/domain/api/auth.ts'
import { startBenchServer } from './server.ts'
import { setLocalStorage, startBrowser } from './web-browser.ts'
import { type LighthouseRun, runLighthouse } from './web-lighthouse.ts'
import { benchOperator } from './web-operator.ts'
import { type PageBytes, pageBytes } from './web-sizes.ts'

// `npm run bench:web`: builds the web app, starts the real server on a fresh demo database, and
// loads /login (signed out), set-lessons and my-lessons (signed in as a student) and the school's
// console (an operator) cold in Debian's Chromium under Lighthouse's mobile preset, BENCH_WEB_RUNS
// times each.
// Prints per page the JS and CSS the page fetched (gzipped), the bytes on the wire and the
// Lighthouse scores; writes everything to bench/results/web-latest.json (BENCH_WEB_OUT).
// Run from the project's root; it measures that directory's build, so an older checkout can be
// measured with this script too (BENCH_WEB_BUILD=0 to keep an existing dist/).

const PORT = Number(process.env.BENCH_WEB_PORT ?? 18700)
const CHROMIUM_PORT = Number(process.env.BENCH_WEB_CHROMIUM_PORT ?? PORT + 1)
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 2)
const OUT = process.env.BENCH_WEB_OUT ?? 'bench/results/web-latest.json'
const DEMO_PASSWORD = 'Lektorium2026!'
// README: a student with human lessons and past lessons, who may open both dashboard screens.
const STUDENT = 'marta.dabrowska@demo.lektorium.pl'

/** Who loads the page: nobody, the demo student, or an operator past the second factor. */
type Page = { name: string; path: string; as: 'nobody' | 'student' | 'operator' }
const ALL_PAGES: Page[] = [
  { name: 'login', path: '/login', as: 'nobody' },
  { name: 'set-lessons', path: '/dashboard/set-lessons', as: 'student' },
  { name: 'my-lessons', path: '/dashboard/my-lessons', as: 'student' },
  // The school's console, its landing screen (the teachers awaiting verification).
  { name: 'admin', path: '/admin/teachers', as: 'operator' },
]
// BENCH_WEB_PAGES=set-lessons,my-lessons measures only those (a comma-separated list of names).
const only = process.env.BENCH_WEB_PAGES?.split(',').map((name) => name.trim())
const PAGES = only ? ALL_PAGES.filter((page) => only.includes(page.name)) : ALL_PAGES
if (PAGES.length === 0)
  throw new Error(`BENCH_WEB_PAGES names none of ${ALL_PAGES.map((p) => p.name).join(', ')}`)

async function signIn(base: string, email: string, password = DEMO_PASSWORD): Promise<AuthRecord> {
  const response = await fetch(`${base}/api/v1/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Error(`sign_in ${email}: ${response.status}`)
  return v.parse(signInResponse, await response.json()).data
}

/** The local-storage keys the web app reads its session from (src/web/api/session.ts). */
function sessionItems(record: AuthRecord): Record<string, string> {
  const { id, role, token, email, expires_at } = record
  // `auth` last: an app page still open (even one in the back/forward cache) that saw `auth`
  // without `role` would take the session for corrupt and remove every key.
  return {
    role,
    ...(role === 'teacher' ? {} : { registration_completed: String(record.registration_completed) }),
    group_lessons: String(record.only_group_lessons),
    auth: JSON.stringify({ id, role, token, email, expires_at }),
  }
}

type PageResult = { name: string; path: string; runs: (LighthouseRun & { bytes: PageBytes })[] }

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

function report(results: PageResult[]): void {
  for (const { name, runs } of results) {
    for (const [i, run] of runs.entries()) {
      const s = run.scores
      const b = run.bytes
      console.log(
        `${name.padEnd(12)} run ${i + 1}: perf ${s.performance} a11y ${s.accessibility} bp ${s['best-practices']} seo ${s.seo}` +
          ` | FCP ${(run.metrics.fcp / 1000).toFixed(1)} s LCP ${(run.metrics.lcp / 1000).toFixed(1)} s TBT ${run.metrics.tbt.toFixed(0)} ms` +
          ` | JS ${b.js.files} files ${kb(b.js.gzip)} gz (${kb(b.js.raw)}) CSS ${kb(b.css.gzip)} gz (${kb(b.css.raw)})` +
          ` | wire ${kb(b.wire)} in ${b.requests} requests`,
      )
      if (run.lost.length) console.log(`${''.padEnd(12)}        lost: ${run.lost.join(', ')}`)
    }
  }
}

if (process.env.BENCH_WEB_BUILD !== '0') {
  const build = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const loadBefore = loadavg()
const dataDir = mkdtempSync(path.join(tmpdir(), 'lk-bench-web-'))
const server = await startBenchServer(PORT, { DATA_DIR: dataDir, LOG_LEVEL: 'error', DEMO_DATA: 'true' })
const browser = await startBrowser(CHROMIUM_PORT)
const results: PageResult[] = []
try {
  const sessions: Record<Page['as'], Record<string, string>> = {
    nobody: {},
    student: sessionItems(await signIn(server.base, STUDENT)),
    operator: PAGES.some((page) => page.as === 'operator')
      ? sessionItems(
          await benchOperator(server.base, dataDir, (email, password) =>
            signIn(server.base, email, password),
          ),
        )
      : {},
  }
  for (const page of PAGES) {
    const result: PageResult = { name: page.name, path: page.path, runs: [] }
    for (let i = 0; i < RUNS; i++) {
      // A new sign-in state every run: Lighthouse clears caches and workers, not local storage.
      await setLocalStorage(browser, server.base, sessions[page.as])
      const run = await runLighthouse(`${server.base}${page.path}`, browser.port)
      const landed = new URL(run.finalUrl).pathname
      if (landed !== page.path) throw new Error(`${page.path} ended at ${landed}`)
      result.runs.push({ ...run, bytes: await pageBytes(run.requests, server.base) })
    }
    results.push(result)
  }
} finally {
  await browser.stop()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

report(results)
const load = { before: loadBefore, after: loadavg() }
console.log(
  `load average (1, 5, 15 min): before ${load.before.map((n) => n.toFixed(2)).join(' ')}, after ${load.after.map((n) => n.toFixed(2)).join(' ')}`,
)
mkdirSync(path.dirname(OUT), { recursive: true })
const saved = results.map(({ name, path: pagePath, runs }) => ({
  name,
  path: pagePath,
  runs: runs.map(({ requests, ...run }) => run),
}))
writeFileSync(
  OUT,
  `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, load, pages: saved }, null, 2)}\n`,
)
console.log(`written to ${OUT}`)
