import { codeFiles, type Edge, importGraph } from './import-graph.ts'

// The house's rules (docs/architecture.md "The house's rules"), checked on the import graph of
// src/ and service-worker/ by scripts/house-rules.test.ts, part of `npm test`.
//
// Test code (`*.test.ts(x)`, `*.e2e.ts`, the test-support folders, the web's test setup) is left
// out: a test may reach into any layer to build its scene, and nothing imports it, so it joins no
// cycle. Every other import counts for the layer rules, `import type` included (a type is a
// dependency on the other side's shape too); the database rule counts run-time imports only (a
// row's type is not a query); a cycle is made of run-time imports, `import()` included, never of
// erased ones.

export const RULES = {
  'domain-pure': 'domain imports neither server nor web, and no package but valibot and ts-fsrs',
  'web-server': 'web and server never import each other',
  'feature-feature': 'a feature never imports another feature (what two share moves to ui/, api/ or domain/)',
  'below-app': 'nothing below app/ imports app/ (app/ wires; paths, theme, i18n, the guard are in config/)',
  'offline-api': 'offline/ never imports api/ (api/ sends what offline/ keeps)',
  'config-bottom': 'config/ imports nothing of the web but config/ and the catalogs',
  'web-order':
    'a web layer imports only the layers below it: app/ → features/ → ui/ → api/ → offline/ → config/',
  'infrastructure-modules': 'server/db and server/platform never import server/modules',
  'module-public': "a module imports only another module's public.ts",
  'database-layer':
    'only server/db and repositories (repository.ts, *-repository.ts) touch Drizzle and the tables',
  cycle: 'no run-time import cycle',
  followable: 'every import names its module in a string the check can follow',
} as const

export type Rule = keyof typeof RULES

export type Violation = {
  rule: Rule
  from: string
  /** The file or package imported; for a cycle, the way back to `from`. */
  to: string
  line: number
  /** What it takes, or the cycle's members. */
  names: string[]
}

/**
 * A violation let stand, for now, with its reason. `from` names files or folders (ending in `/`);
 * `to` a file, a folder, a package, or `*` for anything. A cycle's exception lists its members in
 * `from`.
 */
export type Exception = { rule: Rule; from: string | readonly string[]; to: string; reason: string }

export const TEST_CODE =
  /(?:\.test\.tsx?$|\.e2e\.ts$|\/test-support\/|^src\/web\/test-(?:setup|utils)\.tsx?$|^tests\/)/

const DOMAIN_PACKAGES = new Set(['valibot', 'ts-fsrs'])
const DRIZZLE = /^(?:drizzle-orm|pg)$/
const TABLES = /^src\/server\/db\/(?:schema[\w-]*|all-tables|pglite-tables)\.ts$/
const REPOSITORY = /(?:^|\/|-)repository\.ts$/

const under = (file: string, dir: string) => file.startsWith(dir)
const segment = (file: string, index: number) => file.split('/')[index] ?? ''

/** The web's layers, from the bottom up (docs/architecture.md "Three layers, one direction"). */
const WEB_LAYERS = ['config', 'offline', 'api', 'ui', 'features', 'app']
const webLayer = (file: string) => (file.startsWith('src/web/') ? WEB_LAYERS.indexOf(segment(file, 2)) : -1)

/** The layer rules one import breaks. */
export function layerRules(from: string, edge: Edge): Rule[] {
  const to = edge.to
  const broken: Rule[] = []
  const web = (dir: string) => `src/web/${dir}/`
  const isPackage = !edge.specifier?.startsWith('.')
  if (under(from, 'src/domain/') && (isPackage ? !DOMAIN_PACKAGES.has(to) : !under(to, 'src/domain/')))
    broken.push('domain-pure')
  if (
    (under(from, 'src/web/') && under(to, 'src/server/')) ||
    (under(from, 'src/server/') && under(to, 'src/web/'))
  )
    broken.push('web-server')
  if (under(from, web('features')) && under(to, web('features')) && segment(from, 3) !== segment(to, 3))
    broken.push('feature-feature')
  if (
    under(from, 'src/web/') &&
    !under(from, web('app')) &&
    from !== 'src/web/main.tsx' &&
    under(to, web('app'))
  )
    broken.push('below-app')
  if (under(from, web('offline')) && under(to, web('api'))) broken.push('offline-api')
  if (
    under(from, web('config')) &&
    under(to, 'src/web/') &&
    !under(to, web('config')) &&
    !under(to, web('locales'))
  )
    broken.push('config-bottom')
  const [fromLayer, toLayer] = [webLayer(from), webLayer(to)]
  if (broken.length === 0 && fromLayer >= 0 && toLayer >= 0 && fromLayer < toLayer) broken.push('web-order')
  if (
    (under(from, 'src/server/db/') || under(from, 'src/server/platform/')) &&
    under(to, 'src/server/modules/')
  )
    broken.push('infrastructure-modules')
  if (
    under(from, 'src/server/modules/') &&
    under(to, 'src/server/modules/') &&
    segment(from, 3) !== segment(to, 3) &&
    !to.endsWith('/public.ts')
  )
    broken.push('module-public')
  if (
    edge.runtime &&
    under(from, 'src/server/') &&
    (DRIZZLE.test(to) || TABLES.test(to)) &&
    !under(from, 'src/server/db/') &&
    !REPOSITORY.test(from)
  )
    broken.push('database-layer')
  return broken
}

/** The run-time cycles: each strongly connected group of files, with one way round it. */
export function cycles(graph: ReadonlyMap<string, readonly Edge[]>): string[][] {
  const next = new Map<string, string[]>()
  for (const [from, edges] of graph)
    next.set(
      from,
      edges.filter((e) => e.runtime && graph.has(e.to)).map((e) => e.to),
    )
  // Tarjan's algorithm, iteratively (no recursion limit on long chains).
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  let counter = 0
  for (const start of next.keys()) {
    if (index.has(start)) continue
    const work: [string, number][] = [[start, 0]]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length) {
      const top = work[work.length - 1]
      if (!top) break
      const [node, i] = top
      const targets = next.get(node) ?? []
      if (i < targets.length) {
        top[1] = i + 1
        const target = targets[i] ?? ''
        if (!index.has(target)) {
          index.set(target, counter)
          low.set(target, counter++)
          stack.push(target)
          onStack.add(target)
          work.push([target, 0])
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]) ?? 0, low.get(node) ?? 0))
      if (low.get(node) !== index.get(node)) continue
      const group: string[] = []
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member)
        group.push(member)
        if (member === node) break
      }
      const selfLoop = targets.includes(node)
      if (group.length > 1 || selfLoop) groups.push(group.sort())
    }
  }
  return groups.map((group) => wayRound(group, next))
}

/** The shortest way from the group's first file back to itself, inside the group. */
function wayRound(group: string[], next: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(group)
  const first = group[0] ?? ''
  const cameFrom = new Map<string, string>()
  const queue = [first]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] ?? ''
    for (const target of next.get(node) ?? []) {
      if (!members.has(target)) continue
      if (target === first) {
        const way = [node]
        for (let at = cameFrom.get(node); at !== undefined; at = cameFrom.get(at)) way.unshift(at)
        return way[0] === first ? way : [first, ...way]
      }
      if (!cameFrom.has(target) && target !== first) {
        cameFrom.set(target, node)
        queue.push(target)
      }
    }
  }
  return group
}

/** Every break of the house's rules in the repository at `root`. */
export function houseRuleViolations(root = process.cwd()): Violation[] {
  const files = codeFiles(root, ['src', 'service-worker']).filter((file) => !TEST_CODE.test(file))
  const graph = importGraph(root, files)
  const found: Violation[] = []
  for (const [from, edges] of graph) {
    for (const edge of edges) {
      if (edge.specifier === null) {
        found.push({ rule: 'followable', from, to: edge.to, line: edge.line, names: [] })
        continue
      }
      for (const rule of layerRules(from, edge))
        found.push({ rule, from, to: edge.to, line: edge.line, names: edge.names })
    }
  }
  for (const way of cycles(graph)) {
    const [first = '', ...rest] = way
    found.push({
      rule: 'cycle',
      from: first,
      to: [...rest, first].join(' → '),
      line: 0,
      names: [...way].sort(),
    })
  }
  return found
}

const matches = (pattern: string, path: string) =>
  pattern === '*' || pattern === path || (pattern.endsWith('/') && path.startsWith(pattern))

/** Whether the exception covers the violation. */
export function excuses(exception: Exception, violation: Violation): boolean {
  if (exception.rule !== violation.rule) return false
  const from = typeof exception.from === 'string' ? [exception.from] : exception.from
  if (violation.rule === 'cycle')
    return from.length === violation.names.length && violation.names.every((member) => from.includes(member))
  return from.some((pattern) => matches(pattern, violation.from)) && matches(exception.to, violation.to)
}

/** The violations no exception covers, and the exceptions that cover nothing any more. */
export function judge(
  violations: readonly Violation[],
  exceptions: readonly Exception[],
): { unexcused: Violation[]; stale: Exception[] } {
  const used = new Set<Exception>()
  const unexcused = violations.filter((violation) => {
    const exception = exceptions.find((e) => excuses(e, violation))
    if (exception) used.add(exception)
    return !exception
  })
  return { unexcused, stale: exceptions.filter((e) => !used.has(e)) }
}

/** `from → to: rule`, the line a reader fixes from. */
export const describeViolation = (v: Violation) =>
  `${v.from}${v.line ? `:${v.line}` : ''} → ${v.to}${v.rule === 'cycle' || v.names.length === 0 ? '' : ` (${v.names.join(', ')})`}: ${RULES[v.rule]}`
