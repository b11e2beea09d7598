import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { describeViolation, type Exception, houseRuleViolations, judge } from './house-rules.ts'
import { EXCEPTIONS } from './house-rules-exceptions.ts'
import { importsOf } from './import-graph.ts'

// The house's rules (docs/architecture.md "The house's rules") on the repository's import graph.
// Test code is left out of the rules: `*.test.ts(x)` (the integration tests too), `*.e2e.ts`, the
// `test-support/` folders and the web's test setup (`test-setup.ts`, `test-utils.tsx`): a test may
// reach into any layer to build its scene. A failure prints each break as `from → to: rule`; an
// exception (scripts/house-rules-exceptions.ts) that excuses nothing any more must leave the list.

describe('the code', () => {
  it('keeps the house’s rules, but for the listed exceptions', { timeout: 60_000 }, () => {
    const { unexcused, stale } = judge(houseRuleViolations(), EXCEPTIONS)
    expect(unexcused.map(describeViolation)).toEqual([])
    expect(stale.map((e) => `${e.rule}: ${String(e.from)} → ${e.to} (excuses nothing: remove it)`)).toEqual(
      [],
    )
  })

  it('gives every exception its reason, on one line', () => {
    const unexplained = EXCEPTIONS.filter((e) => e.reason.trim().length < 8 || e.reason.includes('\n'))
    expect(unexplained).toEqual([])
  })
})

describe('reading imports', () => {
  it('tells erased imports from those that load a module', () => {
    const code = [
      "import type { A } from './a.ts'",
      "import { type B } from './b.ts'",
      "import { type C, d } from './c.ts'",
      "export type { E } from './e.ts'",
      "export { f } from './f.ts'",
      "export * from './g.ts'",
      "type H = import('./h.ts').H",
      "const i = () => import('./i.tsx')",
      'const j = (name: string) => import(name)',
      "import './k.css'",
    ].join('\n')
    expect(importsOf('x.ts', code).map((i) => [i.specifier, i.kind, i.runtime])).toEqual([
      ['./a.ts', 'static', false],
      // `verbatimModuleSyntax` keeps `import {} from './b.ts'`: the module still loads.
      ['./b.ts', 'static', true],
      ['./c.ts', 'static', true],
      ['./e.ts', 're-export', false],
      ['./f.ts', 're-export', true],
      ['./g.ts', 're-export', true],
      ['./i.tsx', 'dynamic', true],
      [null, 'dynamic', true],
      ['./k.css', 'static', true],
    ])
  })
})

describe('the check itself', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const project = (files: Record<string, string>) => {
    dir = mkdtempSync(path.join(tmpdir(), 'house-rules-'))
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
      writeFileSync(path.join(dir, name), code)
    }
    return dir
  }

  it('finds each kind of break, and leaves test code and erased cycles alone', () => {
    const root = project({
      'src/domain/rule.ts': "import type { Db } from '../server/db/client.ts'\nimport 'react'\n",
      'src/server/db/client.ts': 'export type Db = 1\n',
      'src/server/db/schema.ts': 'export const users = 1\n',
      'src/server/db/seed.ts': "import { book } from '../modules/lessons/service.ts'\n",
      'src/server/modules/lessons/service.ts':
        "import { eq } from 'drizzle-orm'\nimport { users } from '../../db/schema.ts'\nimport { viewerOf } from '../users/lists.ts'\nexport const book = 1\n",
      'src/server/modules/lessons/repository.ts':
        "import { eq } from 'drizzle-orm'\nimport type { Me } from '../users/public.ts'\n",
      'src/server/modules/users/lists.ts':
        "import type { users } from '../../db/schema.ts'\nexport const viewerOf = 1\n",
      'src/server/modules/users/public.ts': 'export type Me = 1\n',
      'src/web/app/paths.ts': 'export const paths = 1\n',
      'src/web/config/theme.ts': "import { http } from '../api/http.ts'\n",
      'src/web/api/http.ts':
        "import { outbox } from '../offline/outbox.ts'\nexport const http = 1\nimport { Button } from '../ui/button.tsx'\n",
      'src/web/ui/button.tsx': 'export const Button = 1\n',
      'src/web/offline/outbox.ts': "export const outbox = () => import('../api/http.ts')\n",
      'src/web/features/a/screen.tsx':
        "import { paths } from '../../app/paths.ts'\nimport { b } from '../b/b.ts'\nimport { x } from '../../../server/x.ts'\n",
      'src/web/features/a/screen.test.tsx':
        "import { paths } from '../../app/paths.ts'\nimport { b } from '../b/b.ts'\n",
      'src/web/features/b/b.ts': 'export const b = 1\nexport const load = (n: string) => import(n)\n',
      'src/server/x.ts': "export type { Y } from './y.ts'\nexport const x = 1\n",
      'src/server/y.ts': "import type { x } from './x.ts'\nexport type Y = 1\n",
    })
    expect(houseRuleViolations(root).map(describeViolation)).toEqual([
      'src/domain/rule.ts:1 → src/server/db/client.ts (Db): domain imports neither server nor web, and no package but valibot and ts-fsrs',
      'src/domain/rule.ts:2 → react: domain imports neither server nor web, and no package but valibot and ts-fsrs',
      'src/server/db/seed.ts:1 → src/server/modules/lessons/service.ts (book): server/db and server/platform never import server/modules',
      'src/server/modules/lessons/service.ts:1 → drizzle-orm (eq): only server/db and repositories (repository.ts, *-repository.ts) touch Drizzle and the tables',
      'src/server/modules/lessons/service.ts:2 → src/server/db/schema.ts (users): only server/db and repositories (repository.ts, *-repository.ts) touch Drizzle and the tables',
      "src/server/modules/lessons/service.ts:3 → src/server/modules/users/lists.ts (viewerOf): a module imports only another module's public.ts",
      'src/web/api/http.ts:3 → src/web/ui/button.tsx (Button): a web layer imports only the layers below it: app/ → features/ → ui/ → api/ → offline/ → config/',
      'src/web/config/theme.ts:1 → src/web/api/http.ts (http): config/ imports nothing of the web but config/ and the catalogs',
      'src/web/features/a/screen.tsx:1 → src/web/app/paths.ts (paths): nothing below app/ imports app/ (app/ wires; paths, theme, i18n, the guard are in config/)',
      'src/web/features/a/screen.tsx:2 → src/web/features/b/b.ts (b): a feature never imports another feature (what two share moves to ui/, api/ or domain/)',
      'src/web/features/a/screen.tsx:3 → src/server/x.ts (x): web and server never import each other',
      'src/web/features/b/b.ts:2 → (an expression): every import names its module in a string the check can follow',
      'src/web/offline/outbox.ts:1 → src/web/api/http.ts (*): offline/ never imports api/ (api/ sends what offline/ keeps)',
      'src/web/api/http.ts → src/web/offline/outbox.ts → src/web/api/http.ts: no run-time import cycle',
    ])
  })

  it('lets an exception stand only while it excuses something', () => {
    const root = project({
      'src/web/offline/outbox.ts': "import { http } from '../api/http.ts'\n",
      'src/web/api/http.ts': 'export const http = 1\n',
    })
    const found = houseRuleViolations(root)
    const reason = 'a reason'
    expect(judge(found, [{ rule: 'offline-api', from: 'src/web/offline/', to: '*', reason }])).toEqual({
      unexcused: [],
      stale: [],
    })
    const stale: Exception = { rule: 'feature-feature', from: 'src/web/features/a/', to: '*', reason }
    expect(judge(found, [stale]).stale).toEqual([stale])
  })
})
