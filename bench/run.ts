import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { signInResponse } from '../src/domain/api/auth.ts'
import { type LoadResult, type LoadTarget, runLoad } from './load.ts'

// `npm run bench`: starts the real server in a child process (PGlite in a temp directory, and
// PostgreSQL too when BENCH_DATABASE_URL is set), then measures requests/s and p50/p99 latency at
// 50 connections for each endpoint, with the static /health answer as the ceiling.
// Results are printed and written to bench/results/latest.json.

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000
const DEMO = { email: 'marta.dabrowska@demo.lektorium.pl', password: 'Lektorium2026!' }

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

async function benchDatabase(label: string, env: Record<string, string>, port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lk-bench-'))
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  try {
    await waitForHealth(base, child)
    const signIn = await fetch(`${base}/api/v1/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    })
    const { data } = v.parse(signInResponse, await signIn.json())
    const auth = { authorization: `Bearer ${data.token}` }
    const targets: [string, LoadTarget][] = [
      ['health (static ceiling)', { url: `${base}/api/v1/health` }],
      ['languages/list', { url: `${base}/api/v1/languages/list`, headers: auth }],
      ['students/me', { url: `${base}/api/v1/students/me`, headers: auth }],
      ['settings/show', { url: `${base}/api/v1/settings/show`, headers: auth }],
    ]
    const results: Record<string, LoadResult> = {}
    for (const [name, target] of targets) {
      await runLoad(target, CONNECTIONS, 1000) // warm-up
      results[name] = await runLoad(target, CONNECTIONS, DURATION_MS)
      const r = results[name]
      console.log(
        `${label.padEnd(9)} ${name.padEnd(24)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`,
      )
    }
    return results
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

console.log(`${CONNECTIONS} connections, ${DURATION_MS / 1000} s per endpoint`)
const report: Record<string, unknown> = { connections: CONNECTIONS, seconds: DURATION_MS / 1000 }
report.pglite = await benchDatabase('PGlite', {}, 18500)
if (process.env.BENCH_DATABASE_URL) {
  report.postgres = await benchDatabase('Postgres', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, 18501)
} else {
  console.log('(set BENCH_DATABASE_URL to a PostgreSQL database to measure it side by side)')
}
mkdirSync('bench/results', { recursive: true })
writeFileSync('bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`)
