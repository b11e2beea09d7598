import { spawn } from 'node:child_process'

// `npm run dev`: the API (restarting on change) on API_PORT and Vite's dev server in front of it,
// proxying /api (vite.config.ts).
const apiPort = process.env.API_PORT ?? '8081'
const api = spawn(
  process.execPath,
  ['--watch-path=src/server', '--watch-path=src/domain', 'src/server/main.ts'],
  {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, LEKTORIUM_PRINT_DEMO_ACCOUNTS: '1' },
  },
)
const web = spawn('npx', ['vite', '--port', process.env.PORT ?? '5173'], {
  stdio: 'inherit',
  env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
})
const stop = () => {
  api.kill('SIGTERM')
  web.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of [api, web])
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
