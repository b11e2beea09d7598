import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

// PostgreSQL for the benchmark when BENCH_DATABASE_URL is not given: a throw-away cluster of the
// machine's Debian PostgreSQL on 127.0.0.1 (as .ci/run does for the integration tests), removed
// afterwards. Null when no PostgreSQL is installed.

export type TempPostgres = { url: string; stop(): void }

/** The bin directory of the machine's newest Debian PostgreSQL, or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
  const newest = versions.at(-1)
  return newest ? path.join(root, newest, 'bin') : null
}

export function startTempPostgres(port: number): TempPostgres | null {
  const bin = postgresBin()
  if (!bin) return null
  const root = mkdtempSync(path.join(tmpdir(), 'lk-bench-pg-'))
  const asRoot = process.getuid?.() === 0
  // initdb refuses to run as root: run the server as the `postgres` account then.
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'ignore' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'ignore' })
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    chownSync(root, uid, uid)
  }
  const data = path.join(root, 'data')
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres'])
  const options = `-k ${root} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c shared_buffers=256MB`
  run('pg_ctl', ['-D', data, '-l', path.join(root, 'log'), '-w', '-o', options, 'start'])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', 'stop'])
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    },
  }
}
