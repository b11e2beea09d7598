import { describe, expect, it } from 'vitest'
import { type ModuleGraph, namesImported, packageOf, shellModules } from './shell-modules.ts'

const NM = '/app/node_modules'
const CORE = `${NM}/@mantine/core/esm`
const RQ = `${NM}/@tanstack/react-query/build`
const QC = `${NM}/@tanstack/query-core/build`

function graph(modules: Record<string, { code: string; imports: string[] }>): ModuleGraph {
  return {
    code: (id) => modules[id]?.code ?? null,
    importedIds: (id) => modules[id]?.imports ?? [],
  }
}

const app = graph({
  '/app/src/main.tsx': {
    code: `import { Button } from "@mantine/core";\nimport { QueryClient, useQuery } from "@tanstack/react-query";\nimport { helper } from "./helper.ts";`,
    imports: [`${CORE}/index.mjs`, `${RQ}/index.js`, '/app/src/helper.ts'],
  },
  '/app/src/helper.ts': {
    code: 'import ky from "ky";\nexport const helper = 1',
    imports: [`${NM}/ky/index.js`],
  },
  '/app/src/lazy.tsx': { code: 'import { Modal } from "@mantine/core";', imports: [`${CORE}/index.mjs`] },
  [`${CORE}/index.mjs`]: {
    code: `import { Button } from "./components/Button/Button.mjs";\nimport { Modal } from "./components/Modal/Modal.mjs";\nexport { Button, Modal };`,
    imports: [`${CORE}/components/Button/Button.mjs`, `${CORE}/components/Modal/Modal.mjs`],
  },
  [`${CORE}/components/Button/Button.mjs`]: {
    code: 'import { Loader } from "../Loader/Loader.mjs";',
    imports: [`${CORE}/components/Loader/Loader.mjs`],
  },
  [`${CORE}/components/Loader/Loader.mjs`]: { code: 'export const Loader = 1', imports: [] },
  [`${CORE}/components/Modal/Modal.mjs`]: { code: 'export const Modal = 1', imports: [] },
  [`${RQ}/index.js`]: {
    code: `export * from "@tanstack/query-core";\nimport { useQuery } from "./useQuery.js";\nimport { useQueries } from "./useQueries.js";\nexport { useQuery, useQueries };`,
    imports: [`${QC}/index.js`, `${RQ}/useQuery.js`, `${RQ}/useQueries.js`],
  },
  [`${RQ}/useQuery.js`]: { code: 'export const useQuery = 1', imports: [] },
  [`${RQ}/useQueries.js`]: { code: 'export const useQueries = 1', imports: [] },
  [`${QC}/index.js`]: {
    code: `import { QueryClient } from "./queryClient.js";\nimport { infiniteQueryOptions } from "./infinite.js";\nexport { QueryClient, infiniteQueryOptions };`,
    imports: [`${QC}/queryClient.js`, `${QC}/infinite.js`],
  },
  [`${QC}/queryClient.js`]: { code: 'export class QueryClient {}', imports: [] },
  [`${QC}/infinite.js`]: { code: 'export const infiniteQueryOptions = 1', imports: [] },
  [`${NM}/ky/index.js`]: {
    code: 'import { Ky } from "./Ky.js";\nconst ky = Ky.create();\nexport default ky;',
    imports: [`${NM}/ky/Ky.js`],
  },
  [`${NM}/ky/Ky.js`]: { code: 'export class Ky {}', imports: [] },
})

describe('the modules the entry needs (the shell chunk)', () => {
  const shell = shellModules('/app/src/main.tsx', app)

  it('takes from a re-export-only index only the names the app imports', () => {
    expect(shell.has(`${CORE}/components/Button/Button.mjs`)).toBe(true)
    expect(shell.has(`${CORE}/components/Loader/Loader.mjs`)).toBe(true)
    expect(shell.has(`${CORE}/components/Modal/Modal.mjs`)).toBe(false)
  })

  it('follows `export *` to the package that has the name, and no further', () => {
    expect(shell.has(`${RQ}/useQuery.js`)).toBe(true)
    expect(shell.has(`${QC}/queryClient.js`)).toBe(true)
    expect(shell.has(`${RQ}/useQueries.js`)).toBe(false)
    expect(shell.has(`${QC}/infinite.js`)).toBe(false)
  })

  it('follows every import of a module with code of its own', () => {
    expect(shell.has('/app/src/helper.ts')).toBe(true)
    expect(shell.has(`${NM}/ky/Ky.js`)).toBe(true)
    expect(shell.has('/app/src/lazy.tsx')).toBe(false)
  })

  it('reads the names a module imports, its default import and whole-module imports', () => {
    expect(namesImported('import a, { b, c as d, type E } from "pkg"', 'pkg')).toEqual(
      new Set(['default', 'b', 'c', 'E']),
    )
    expect(namesImported('import * as all from "pkg"', 'pkg')).toBeNull()
    expect(namesImported('import "pkg"', 'pkg')).toBeNull()
    expect(packageOf(`${NM}/@mantine/core/esm/index.mjs`)).toBe('@mantine/core')
    expect(packageOf('/app/src/main.tsx')).toBeNull()
  })
})
