import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkDependencies, importedPackages, packageOf } from './unused-dependencies.ts'

// A dependency is either used as its community intends or gone
// (decisions.md "The design card's libraries in real use; the last small gaps").
describe('dependencies in package.json', () => {
  it('are each imported somewhere in the project, or allow-listed as a tool with its reason', () => {
    const { unused, staleTools } = checkDependencies()
    expect(unused, 'imported nowhere: remove them from package.json, or allow-list a tool').toEqual([])
    expect(staleTools, 'allow-listed but no longer in package.json').toEqual([])
  })
})

describe('the check itself', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const project = (dependencies: Record<string, string>, files: Record<string, string>) => {
    dir = mkdtempSync(path.join(tmpdir(), 'deps-'))
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ dependencies }))
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
      writeFileSync(path.join(dir, name), code)
    }
    return dir
  }

  it('fails on a dependency no file imports, and on a stale allow-list entry', () => {
    const root = project(
      { dayjs: '1', 'left-pad': '1', '@types/react': '1', react: '1', '@types/lodash': '1' },
      { 'src/a.ts': "import dayjs from 'dayjs'\nimport { useState } from 'react'\n" },
    )
    expect(checkDependencies(root, { ghost: 'a tool' })).toEqual({
      unused: ['@types/lodash', 'left-pad'],
      staleTools: ['ghost'],
    })
  })

  it('counts every way of importing, and nothing in node_modules or dist', () => {
    const root = project(
      { a: '1', '@s/b': '1', c: '1', d: '1', e: '1', f: '1', g: '1' },
      {
        'src/x.tsx': "export { x } from '@s/b/deep'\nconst c = await import('c')\n",
        'src/y.css': "@import 'd/styles.css';\n",
        'scripts/z.cjs': "require('e')\nimport 'a'\n",
        'src/t.test.ts': "vi.mock('f')\n",
        'node_modules/g/index.js': "import 'g'\n",
      },
    )
    expect(checkDependencies(root, {}).unused).toEqual(['g'])
  })

  it('reads package names from specifiers', () => {
    expect(packageOf('@mantine/core/styles/Button.css')).toBe('@mantine/core')
    expect(packageOf('dayjs/locale/pl')).toBe('dayjs')
    expect(packageOf('./local.ts')).toBeNull()
    expect(packageOf('node:fs')).toBeNull()
    expect([...importedPackages("import type { X } from 'valibot'")]).toEqual(['valibot'])
  })
})
