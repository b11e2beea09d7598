import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { type ESTree, parseSync, Visitor } from 'vite'

// The import graph of the repository's TypeScript, read with the parser Vite builds with (oxc),
// for the house's rules (scripts/house-rules.ts). What is erased before the code runs is kept apart
// from what loads a module: `import type`, `export type` and `import('x').T` in a type are erased;
// an inline `type` name is erased too, but its statement stays (`verbatimModuleSyntax` keeps
// `import {} from 'x'`, and so do Node's type stripping and Vite), so a statement of only inline
// `type` names still loads the module.

export type ImportKind = 'static' | 'dynamic' | 're-export'

export type Import = {
  /** The text after `from` or inside `import(…)`; null when `import()` is given an expression. */
  specifier: string | null
  kind: ImportKind
  /** False for an import the compiler erases (`import type`, `export type … from`). */
  runtime: boolean
  /** The names it takes (`*` for a namespace or `export *`, `default`); empty for `import 'x'`. */
  names: string[]
  line: number
}

export type Edge = Import & {
  /** A repository path (`src/web/config/paths.ts`), or a package's name (`drizzle-orm`). */
  to: string
}

const CODE = /\.(?:ts|tsx|mts|cts)$/
const SKIPPED = new Set(['node_modules', 'dist', 'locales'])

function lineOf(code: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset && i < code.length; i++) if (code.charCodeAt(i) === 10) line++
  return line
}

function staticText(node: ESTree.Expression): string | null {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis[0]?.value.cooked ?? null
  return null
}

const nameOf = (name: ESTree.ModuleExportName) =>
  name.type === 'Identifier' ? name.name : String(name.value)

/** Every import of one file: declarations, re-exports and `import()` calls, in source order. */
export function importsOf(file: string, code: string): Import[] {
  const parsed = parseSync(file, code)
  if (parsed.errors.length) throw new Error(`${file}: ${parsed.errors[0]?.message ?? 'cannot be parsed'}`)
  const found: Import[] = []
  const add = (
    specifier: string | null,
    kind: ImportKind,
    runtime: boolean,
    names: string[],
    start: number,
  ) => found.push({ specifier, kind, runtime, names, line: lineOf(code, start) })
  for (const node of parsed.program.body) {
    if (node.type === 'ImportDeclaration') {
      const names = node.specifiers.map((s) =>
        s.type === 'ImportSpecifier'
          ? nameOf(s.imported)
          : s.type === 'ImportDefaultSpecifier'
            ? 'default'
            : '*',
      )
      add(node.source.value, 'static', node.importKind !== 'type', names, node.start)
    } else if (node.type === 'ExportAllDeclaration')
      add(node.source.value, 're-export', node.exportKind !== 'type', ['*'], node.start)
    else if (node.type === 'ExportNamedDeclaration' && node.source) {
      const names = node.specifiers.map((s) => nameOf(s.local))
      add(node.source.value, 're-export', node.exportKind !== 'type', names, node.start)
    }
  }
  new Visitor({
    ImportExpression(node) {
      add(staticText(node.source), 'dynamic', true, ['*'], node.start)
    },
  }).visit(parsed.program)
  return found.sort((a, b) => a.line - b.line)
}

/**
 * Where `specifier`, imported by the repository file `from`, leads: a repository path for a
 * relative one (a query such as `?url` dropped), the package's name for the rest.
 */
export function resolveImport(root: string, from: string, specifier: string): string {
  if (!specifier.startsWith('.')) {
    const parts = specifier.split('/')
    return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
  }
  const bare = specifier.replace(/[?#].*$/, '')
  const target = path.posix.join(path.posix.dirname(from), bare)
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) {
    const full = path.join(root, candidate)
    if (existsSync(full) && statSync(full).isFile()) return candidate
  }
  return target
}

/** The TypeScript files under `dirs` (repository paths), skipping packages, builds and catalogs. */
export function codeFiles(root: string, dirs: readonly string[]): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    if (!existsSync(path.join(root, dir))) return
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(rel)
      } else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(rel)
    }
  }
  for (const dir of dirs) walk(dir)
  return found.sort()
}

/** Each file's imports, resolved. */
export function importGraph(root: string, files: readonly string[]): Map<string, Edge[]> {
  const graph = new Map<string, Edge[]>()
  for (const file of files) {
    const code = readFileSync(path.join(root, file), 'utf8')
    graph.set(
      file,
      importsOf(file, code).map((i) => ({
        ...i,
        to: i.specifier === null ? '(an expression)' : resolveImport(root, file, i.specifier),
      })),
    )
  }
  return graph
}
