import { execFileSync } from 'node:child_process'
import { E2E_DATA_DIR, E2E_PORT } from '../../../playwright.config.ts'

/**
 * Runs an operator command (README "Operator commands") against the journeys' server: the CLI
 * connects to the server's database itself, in the server's environment (e-mailed links are built
 * from PUBLIC_URL).
 */
export const ops = (...args: string[]) =>
  execFileSync(process.execPath, ['src/server/cli/ops.ts', ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}` },
    encoding: 'utf8',
  })
