import { type ModuleGraph, shellModules } from './shell-modules.ts'

// How the web app is cut into chunks beyond React (vite.config.ts;
// decisions.md "The dashboards' first load: fewer, larger chunks"). Left to itself the bundler
// makes a chunk for every set of lazy modules that share code, and the dashboard's screens share a
// lot: a phone fetched some 70 files before set-lessons could render, six at a time over HTTP/1.1,
// each a round trip on a slow link. The plan names these groups instead:
// - `shell`: what the app's entry needs (the login page renders from it alone);
// - `signed-in`: what a signed-in start needs to ask for the profile (the HTTP client, the
//   prefetch), so that request leaves as soon as this small chunk has arrived;
// - `dashboard`: the layout, and what set-lessons and my-lessons both need: every dashboard page
//   loads all of it anyway;
// - `<screen>-shared`: what one of those screens needs that other lazy modules (the profile, the AI
//   lesson, the lesson table …) need too: the screen loads one file for it instead of dozens, and
//   those others load it whole (mostly Mantine's popovers, used by most screens).
// Everything else stays where the bundler puts it: a screen's own modules in the screen's chunk,
// and the rest of the app's lazy code split by use.

export type LazyGraph = ModuleGraph & {
  /** The ids of the modules it imports with `import()`, resolved. */
  dynamicallyImportedIds(id: string): readonly string[]
}

export type ChunkPlanOptions = {
  /** The app's entry module. */
  entry: string
  /** The lazy modules a signed-in start loads to ask for the profile. */
  requests: string[]
  /** The lazy modules of the signed-in layout. */
  layout: string[]
  /** The screens a signed-in start usually opens, each with the name of its shared chunk. */
  screens: { name: string; module: string }[]
}

export type ChunkPlan = {
  /** What the entry needs (the shell chunk). */
  shell: Set<string>
  /** The group of each module the plan places outside the shell. */
  groups: Map<string, string>
}

/** The targets of every dynamic import reachable from `entry`, through static and dynamic edges. */
export function lazyEntries(entry: string, graph: LazyGraph): Set<string> {
  const seen = new Set<string>()
  const lazy = new Set<string>()
  const stack = [entry]
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    stack.push(...graph.importedIds(id))
    for (const target of graph.dynamicallyImportedIds(id)) {
      lazy.add(target)
      stack.push(target)
    }
  }
  return lazy
}

export function chunkPlan(graph: LazyGraph, options: ChunkPlanOptions): ChunkPlan {
  const closures = new Map<string, Set<string>>()
  /** What a module needs statically (scripts/shell-modules.ts: barrels followed by name). */
  const closure = (id: string) => {
    let modules = closures.get(id)
    if (!modules) {
      modules = shellModules(id, graph)
      closures.set(id, modules)
    }
    return modules
  }
  const shell = closure(options.entry)
  const groups = new Map<string, string>()
  /** The first group to claim a module keeps it; the shell's modules stay in the shell. */
  const place = (id: string, group: string) => {
    if (!shell.has(id) && !groups.has(id)) groups.set(id, group)
  }

  for (const start of options.requests) for (const id of closure(start)) place(id, 'signed-in')
  for (const start of options.layout) for (const id of closure(start)) place(id, 'dashboard')
  const screens = options.screens.map((screen) => ({ ...screen, modules: closure(screen.module) }))
  const [first, ...rest] = screens
  for (const id of first?.modules ?? []) {
    if (rest.every((screen) => screen.modules.has(id))) place(id, 'dashboard')
  }

  const screenModules = new Set(screens.map((screen) => screen.module))
  const others = [...lazyEntries(options.entry, graph)].filter((id) => !screenModules.has(id))
  const neededElsewhere = new Set(others.flatMap((id) => [...closure(id)]))
  for (const screen of screens) {
    for (const id of screen.modules) {
      if (id !== screen.module && neededElsewhere.has(id)) place(id, `${screen.name}-shared`)
    }
  }
  return { shell, groups }
}
