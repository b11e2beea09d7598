import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { wallClockOffences } from './wall-clock.ts'

describe('the tests', () => {
  it('read "now" from the story clock, never from the wall', () => {
    const offences = wallClockOffences().map((o) => `${o.file}:${o.line} ${o.says}`)
    expect(offences).toEqual([])
  })
})

describe('the check itself', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const project = (files: Record<string, string>) => {
    dir = mkdtempSync(path.join(tmpdir(), 'clock-'))
    for (const name of ['src', 'tests', 'scripts']) mkdirSync(path.join(dir, name))
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
      writeFileSync(path.join(dir, name), code)
    }
    return dir
  }

  it('finds the wall clock in tests, Playwright contexts off the story clock, and takes excuses', () => {
    const root = project({
      'src/server/a.integration.test.ts': 'const now = new Date()\nconst at = new Date(0)\n',
      'src/web/b.test.tsx': '// wall clock: the file system stamps it\nconst t = Date.now()\n',
      'src/server/c.ts': 'export const now = () => new Date()\n',
      'tests/e2e/d.e2e.ts': "import { expect, test } from '@playwright/test'\nawait browser.newContext()\n",
      'tests/e2e/support/e.ts': "import { expect } from '@playwright/test'\nconst p = await ctx.newPage()\n",
    })
    expect(wallClockOffences(root).map((o) => `${o.file}:${o.line}`)).toEqual([
      'src/server/a.integration.test.ts:1',
      'tests/e2e/d.e2e.ts:1',
      'tests/e2e/d.e2e.ts:2',
    ])
  })
})
