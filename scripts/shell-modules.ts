import path from 'node:path'

// Which modules the web app's entry needs (vite.config.ts puts them in one "shell" chunk, issue
// #10): everything it imports statically, directly or not. A package's index that only re-exports
// (@mantine/core's, @tabler/icons-react's) is followed only through the names the importing module
// takes from it; following all of its imports would put every Mantine component on every page.

export type ModuleGraph = {
  /** The module's code after the build's transforms (imports still name their packages). */
  code(id: string): string | null
  /** The ids of the modules it imports statically, resolved. */
  importedIds(id: string): readonly string[]
}

type Barrel = { named: Map<string, string> }

const NAMED_IMPORT = /\bimport\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+[\w$]+\s+from\s*["']([^"']+)["']/g
const EXPORT_LIST = /\bexport\s*\{([^}]*)\}\s*(?:from\s*["']([^"']+)["'])?/g
const STATEMENT = /^\s*(?:import|export)\b[^;]*;?\s*$/

/** `a`, `a as b`, `type a`: pairs of [imported or local name, exposed name]. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [from, to] = part.split(/\s+as\s+/)
      return [from ?? part, to ?? from ?? part]
    })
}

/** The package a module of node_modules belongs to (`@scope/name` or `name`). */
export function packageOf(id: string): string | null {
  const parts = id.split(/[\\/]node_modules[\\/]/)
  const inside = parts.length > 1 ? parts[parts.length - 1] : undefined
  if (!inside) return null
  const [first, second] = inside.split(/[\\/]/)
  return first?.startsWith('@') ? `${first}/${second}` : (first ?? null)
}

/** A re-export-only module of node_modules: its exported names and where each comes from. */
export function parseBarrel(id: string, code: string): Barrel | null {
  if (!packageOf(id)) return null
  const body = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const statements = body.split(/;\s*\n|\n(?=\s*(?:import|export)\b)/).filter((s) => s.trim() !== '')
  if (statements.length === 0 || !statements.every((s) => STATEMENT.test(s.replace(/\s+/g, ' ')))) return null
  const dir = path.dirname(id)
  const resolve = (source: string) => (source.startsWith('.') ? path.resolve(dir, source) : source)
  const local = new Map<string, string>()
  for (const [, list = '', source = ''] of body.matchAll(NAMED_IMPORT)) {
    for (const [, name] of specifiers(list)) local.set(name, resolve(source))
  }
  const named = new Map<string, string>()
  for (const [, list = '', source] of body.matchAll(EXPORT_LIST)) {
    for (const [name, exposed] of specifiers(list)) {
      const from = source ? resolve(source) : local.get(name)
      if (from) named.set(exposed, from)
    }
  }
  return { named }
}

/** The names `code` imports from the package `pkg` (null: all of them, e.g. `import * as`). */
export function namesImported(code: string, pkg: string): Set<string> | null {
  const names = new Set<string>()
  for (const [, source] of code.matchAll(NAMESPACE_IMPORT)) if (source === pkg) return null
  for (const [, list = '', source] of code.matchAll(NAMED_IMPORT)) {
    if (source === pkg) for (const [imported] of specifiers(list)) names.add(imported)
  }
  return names
}

/** The modules `entry` needs: its static imports, transitively, through barrels by name. */
export function shellModules(entry: string, graph: ModuleGraph): Set<string> {
  const shell = new Set<string>()
  const barrels = new Map<string, Barrel | null>()
  const barrelOf = (id: string) => {
    if (!barrels.has(id)) barrels.set(id, parseBarrel(id, graph.code(id) ?? ''))
    return barrels.get(id) ?? null
  }
  /** What importing `imported` from `importer` brings in: the barrel's named sources, or itself. */
  const through = (importer: string, code: string, imported: string): string[] => {
    const barrel = barrelOf(imported)
    const pkg = packageOf(imported)
    if (!barrel || !pkg || packageOf(importer) === pkg) return [imported]
    const names = namesImported(code, pkg)
    const sources = names && [...names].map((name) => barrel.named.get(name))
    const known = new Set(graph.importedIds(imported))
    // A name it does not list (`export *`) or a source the build resolved elsewhere: take it all.
    if (!sources?.every((source) => source !== undefined && known.has(source))) return [imported]
    return sources.filter((source) => source !== undefined)
  }
  const stack = [entry]
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (shell.has(id)) continue
    shell.add(id)
    const code = graph.code(id) ?? ''
    for (const imported of graph.importedIds(id)) stack.push(...through(id, code, imported))
  }
  return shell
}
