import { spawn } from 'node:child_process'

// `npm run dev`: the API (restarting on change) on API_PORT and Vite's dev server in front of it,
// proxying /api (vite.config.ts). The API runs in a process group of its own: a Ctrl-C reaches it
// once, from here, so it stops its embedded PostgreSQL in order instead of being hit twice.
const apiPort = process.env.API_PORT ?? '8081'
const webPort = process.env.PORT ?? '5173'
const api = spawn(
  process.execPath,
  ['--watch-path=src/server', '--watch-path=src/domain', 'src/server/main.ts'],
  {
    stdio: 'inherit',
    detached: true,
    env: {
      ...process.env,
      PORT: apiPort,
      // E-mailed links must open the dev server, not the API port.
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
      LEKTORIUM_PRINT_DEMO_ACCOUNTS: '1',
    },
  },
)
const web = spawn('npx', ['vite', '--port', webPort], {
  stdio: 'inherit',
  env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
})
const stop = () => {
  api.kill('SIGTERM')
  web.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
process.on('SIGHUP', stop)
for (const child of [api, web])
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
