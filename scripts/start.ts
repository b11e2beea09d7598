import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

// `npm start`: build the web app when it is missing or older than its sources, then run the
// server (migrations, demo seed on an empty database, PWA + API on one port).

const WEB_SOURCES = [
  'src/web',
  'src/domain',
  'service-worker',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
]

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)))
  return newest
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
const sourcesAt = Math.max(...WEB_SOURCES.map(newestMtime))
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Web sources changed: rebuilding the app…' : 'Building the web app (first start)…')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

process.env.LEKTORIUM_PRINT_DEMO_ACCOUNTS = '1'
const { runServer } = await import('../src/server/main.ts')
await runServer()
