import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { brokenCitations } from './citations.ts'

describe('the code', () => {
  it('cites only documents and sections the repository has', () => {
    const broken = brokenCitations().map((b) => `${b.file}:${b.line} ${b.cites}: ${b.why}`)
    expect(broken).toEqual([])
  })
})

describe('the check itself', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const project = (files: Record<string, string>) => {
    dir = mkdtempSync(path.join(tmpdir(), 'citations-'))
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
      writeFileSync(path.join(dir, name), text)
    }
    return dir
  }

  it('finds sections that do not exist and documents outside the repository', () => {
    const root = project({
      'docs/product-rules.md': '# Product rules\n## Booking\n### Join window\n',
      'docs/decisions.md': '## 2026-11-28 — One clock for tests\nspec §4 as asked then\n',
      'docs/lesson-room-protocol.md': '## 1. Token\n',
      'src/a.ts': [
        '// product-rules.md "Join window", "Booking": fine',
        '// product-rules "Grace period": no such section',
        '// decisions.md "One clock": a short form of one heading',
        '// protocol §1 and protocol §7',
        '// spec §4 and issue #13 and DESIGN.md "Words"',
      ].join('\n'),
    })
    expect(brokenCitations(root).map((b) => `${b.file}:${b.line} ${b.cites}`)).toEqual([
      'src/a.ts:2 product-rules.md "Grace period"',
      'src/a.ts:4 protocol §7',
      'src/a.ts:5 spec §',
      'src/a.ts:5 issue #1',
      'src/a.ts:5 DESIGN.md',
    ])
  })
})
