import { execFileSync } from 'node:child_process'
import { E2E_DATA_DIR } from '../../../playwright.config.ts'

/** Runs an operator command (README "Operator commands") against the journeys' server. */
export const ops = (...args: string[]) =>
  execFileSync(process.execPath, ['src/server/cli/ops.ts', ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  })
