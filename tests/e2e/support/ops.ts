import { execFileSync } from 'node:child_process'
import { E2E_DATA_DIR } from '../../../playwright.config.ts'

/**
 * Runs an operator command (README "Operator commands") against the journeys' server: the CLI
 * connects to the server's database itself. Without PUBLIC_URL, as an operator would run it: the
 * e-mailed links use the address the running server announced.
 */
export const ops = (...args: string[]) => opsOn({ dataDir: E2E_DATA_DIR }, ...args)

/** The same against a journey's own server (support/own-server.ts). */
export const opsOn = (server: { dataDir: string }, ...args: string[]) => {
  const { PUBLIC_URL: _ignored, ...env } = process.env
  return execFileSync(process.execPath, ['src/server/test-support/story-ops.ts', ...args], {
    env: { ...env, DATA_DIR: server.dataDir },
    encoding: 'utf8',
  })
}
