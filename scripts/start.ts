import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

// `npm start`: build the web app when it is missing or older than its sources, then run the
// server (migrations, demo seed on an empty database, PWA + API on one port), with a Janus of its
// own for the group room when one is installed and none is configured.

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

// The group room's server: with JANUS_URL unset and Debian's janus installed, one of the app's own
// under the data directory, stopped with the app (platform/janus-launcher.ts).
if (!process.env.JANUS_URL) {
  const { findJanus, startJanus } = await import('../src/server/platform/janus-launcher.ts')
  if (findJanus()) {
    const dir = path.resolve(process.env.DATA_DIR ?? 'data', 'janus')
    const janus = await startJanus({ dir }).catch((error: unknown) => {
      console.error(
        `The group server (janus) did not start: ${error instanceof Error ? error.message : error}`,
      )
      return undefined
    })
    const server = janus?.config.servers[0]
    if (janus && server) {
      Object.assign(process.env, {
        JANUS_URL: server.url,
        JANUS_PUBLIC_URL: server.publicUrl,
        JANUS_ADMIN_KEY: janus.config.adminKey,
        JANUS_TOKEN_SECRET: janus.config.tokenSecret,
      })
      console.log(`Group server (janus) started at ${server.url}`)
    }
  } else console.log('No janus installed: group meetings of up to 4 students use the peer-to-peer mesh.')
}

process.env.LEKTORIUM_PRINT_DEMO_ACCOUNTS = '1'
const { runServer } = await import('../src/server/main.ts')
await runServer()
