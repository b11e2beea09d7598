import { execFileSync } from 'node:child_process'
import { E2E_DATA_DIR, E2E_PORT } from '../../../playwright.config.ts'

/**
 * Runs an operator command (README "Operator commands") against the journeys' server: the CLI
 * connects to the server's database itself, in the server's environment (e-mailed links are built
 * from PUBLIC_URL).
 */
export const ops = (...args: string[]) =>
  opsOn({ dataDir: E2E_DATA_DIR, url: `http://127.0.0.1:${E2E_PORT}` }, ...args)

/** The same against a journey's own server (support/own-server.ts). */
export const opsOn = (server: { dataDir: string; url: string }, ...args: string[]) =>
  execFileSync(process.execPath, ['src/server/cli/ops.ts', ...args], {
    env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_URL: server.url },
    encoding: 'utf8',
  })
