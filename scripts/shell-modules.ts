import path from 'node:path'

// Which modules the web app's entry needs (vite.config.ts puts them in one "shell" chunk, issue
// #10): everything it imports statically, directly or not. A package's index that only re-exports
// (@mantine/core's, @tanstack/react-query's) is followed only through the names the importing
// module takes from it; following all of its imports would put every Mantine component, and
// everything else a lazy screen uses, on every page.

export type ModuleGraph = {
  /** The module's code after the build's transforms (imports still name their packages). */
  code(id: string): string | null
  /** The ids of the modules it imports statically, resolved. */
  importedIds(id: string): readonly string[]
}

/** Where a re-exported name comes from: a relative path made absolute, or a package name. */
type Source = { from: string; name: string }
type Barrel = { named: Map<string, Source>; stars: string[] }

const NAMED_IMPORT = /\bimport\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g
const DEFAULT_IMPORT = /\bimport\s+[\w$]+\s*(?:,|from)\s*(?:\{[^}]*\}\s*from\s*)?["']([^"']+)["']/g
const WHOLE_IMPORT = /\bimport\s*(?:\*\s*as\s+[\w$]+\s+from\s*)?["']([^"']+)["']/g
const EXPORT_LIST = /\bexport\s*\{([^}]*)\}\s*(?:from\s*["']([^"']+)["'])?/g
const EXPORT_STAR = /\bexport\s*\*\s*from\s*["']([^"']+)["']/g
const NAMESPACE_AS = /\bimport\s*\*\s*as\s+([\w$]+)\s+from\s*["']([^"']+)["']/g
/** What a re-export-only index is made of: named or namespace imports, export lists, `export *`. */
const STATEMENT =
  /^\s*(?:import\s*(?:\{[^}]*\}|\*\s*as\s+[\w$]+)\s*from\s*["'][^"']+["']|export\s*\{[^}]*\}(?:\s*from\s*["'][^"']+["'])?|export\s*\*\s*from\s*["'][^"']+["'])\s*;?\s*$/

/** `a`, `a as b`, `type a`: pairs of [name in the source, name here]. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [from = part, to = from] = part.split(/\s+as\s+/)
      return [from, to]
    })
}

/** The package a module of node_modules belongs to (`@scope/name` or `name`). */
export function packageOf(id: string): string | null {
  const inside = id
    .split(/[\\/]node_modules[\\/]/)
    .slice(1)
    .pop()
  if (!inside) return null
  const [first, second] = inside.split(/[\\/]/)
  return first?.startsWith('@') ? `${first}/${second}` : (first ?? null)
}

/** A re-export-only module of node_modules: its exported names and where each comes from. */
export function parseBarrel(id: string, code: string): Barrel | null {
  if (!packageOf(id)) return null
  const body = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const statements = body.split(/;\s*\n|\n(?=\s*(?:import|export)\b)/).filter((s) => s.trim() !== '')
  const flat = statements.map((s) => s.replace(/\s+/g, ' '))
  if (!flat.some((s) => s.trimStart().startsWith('export')) || !flat.every((s) => STATEMENT.test(s)))
    return null
  const resolve = (source: string) =>
    source.startsWith('.') ? path.resolve(path.dirname(id), source) : source
  const local = new Map<string, Source>()
  for (const [, list = '', source = ''] of body.matchAll(NAMED_IMPORT)) {
    for (const [name, as] of specifiers(list)) local.set(as, { from: resolve(source), name })
  }
  // `import * as icons from …; export { icons }`: the name stands for the whole module.
  for (const [, as = '', source = ''] of body.matchAll(NAMESPACE_AS))
    local.set(as, { from: resolve(source), name: '*' })
  const named = new Map<string, Source>()
  for (const [, list = '', source] of body.matchAll(EXPORT_LIST)) {
    for (const [name, as] of specifiers(list)) {
      const from = source ? { from: resolve(source), name } : local.get(name)
      if (from) named.set(as, from)
    }
  }
  const stars = [...body.matchAll(EXPORT_STAR)].map(([, source = '']) => resolve(source))
  return { named, stars }
}

/** The names `code` imports from the package `pkg`; null when it takes the whole module. */
export function namesImported(code: string, pkg: string): Set<string> | null {
  for (const [, source] of code.matchAll(WHOLE_IMPORT)) if (source === pkg) return null
  const names = new Set<string>()
  for (const [, source] of code.matchAll(DEFAULT_IMPORT)) if (source === pkg) names.add('default')
  for (const [, list = '', source] of code.matchAll(NAMED_IMPORT)) {
    if (source === pkg) for (const [name] of specifiers(list)) names.add(name)
  }
  return names
}

/** The modules `entry` needs: its static imports, transitively, through barrels by name. */
export function shellModules(entry: string, graph: ModuleGraph): Set<string> {
  const barrels = new Map<string, Barrel | null>()
  const barrelOf = (id: string) => {
    if (!barrels.has(id)) barrels.set(id, parseBarrel(id, graph.code(id) ?? ''))
    return barrels.get(id) ?? null
  }
  /** The module a barrel's source names: a file it imports, or the package it imports. */
  const moduleOf = (barrel: string, from: string) =>
    graph.importedIds(barrel).find((id) => id === from || (!path.isAbsolute(from) && packageOf(id) === from))

  /** The modules behind `name` of the barrel `id`; null when they cannot be told apart. */
  const behind = (id: string, name: string, depth = 0): string[] | null => {
    const barrel = barrelOf(id)
    if (!barrel || depth > 8) return [id]
    const source = barrel.named.get(name)
    if (source) {
      const module = moduleOf(id, source.from)
      if (!module) return null
      return source.name === '*' ? [module] : behind(module, source.name, depth + 1)
    }
    const found = barrel.stars.flatMap((star) => {
      const module = moduleOf(id, star)
      if (!module) return []
      return barrelOf(module) ? (behind(module, name, depth + 1) ?? [module]) : [module]
    })
    return found.length ? found : null
  }

  /** What importing `imported` from `importer` brings in: a barrel's named sources, or itself. */
  const through = (importer: string, code: string, imported: string): string[] => {
    const pkg = packageOf(imported)
    if (!pkg || !barrelOf(imported) || packageOf(importer) === pkg) return [imported]
    const names = namesImported(code, pkg)
    const modules = names && [...names].map((name) => behind(imported, name))
    if (!modules?.every((found) => found !== null)) return [imported]
    return modules.flatMap((found) => found ?? [])
  }

  const shell = new Set<string>()
  const stack = [entry]
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (shell.has(id)) continue
    shell.add(id)
    const code = graph.code(id) ?? ''
    for (const imported of graph.importedIds(id)) stack.push(...through(id, code, imported))
  }
  return shell
}
