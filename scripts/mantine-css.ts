import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// Mantine's styles per component: instead of the whole '@mantine/core/styles.css', each source file
// imports the CSS of the Mantine components it renders (and of the components those are built
// from), so a page's CSS comes with its chunk. The shell's stylesheet
// (src/web/app/mantine-styles.ts) holds the global styles and the components every page shows.
// This module works out what a file needs from @mantine/core's own files; the unit test
// src/web/app/mantine-css.test.ts fails when a file misses one, and
// `node scripts/mantine-css.ts --write` adds the missing imports.

const CORE = path.resolve('node_modules/@mantine/core')
const CSS_PREFIX = '@mantine/core/styles/'
export const SHELL_STYLES = 'src/web/app/mantine-styles.ts'
const NOTIFICATIONS_CSS = '@mantine/notifications/styles.css'
/** @mantine/dates' one stylesheet: its components' files also import core's they use. */
const DATES_CSS = '@mantine/dates/styles.css'

/** Component name → the CSS files (names without `.css`) it needs, in Mantine's order. */
type Needs = Map<string, string[]>

function read(file: string): string {
  return readFileSync(file, 'utf8')
}

/** The order of the component styles in Mantine's own stylesheet (dependencies first). */
export function cssOrder(): string[] {
  const all = read(path.join(CORE, 'styles.css'))
  const names = readdirSync(path.join(CORE, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => file.slice(0, -'.css'.length))
  const position = (name: string) => {
    const text = read(path.join(CORE, 'styles', `${name}.css`))
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim()
    return all.indexOf(text.slice(0, 80))
  }
  return names
    .map((name) => ({ name, at: position(name) }))
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => name)
}

/** The CSS module names a Mantine file and everything it imports use (`Button.module.mjs` → Button). */
function cssOf(file: string, seen: Set<string>, found: Set<string>): void {
  if (seen.has(file)) return
  seen.add(file)
  const module = path.basename(file).match(/^(.+)\.module\.mjs$/)
  if (module?.[1]) found.add(module[1])
  for (const [, source = ''] of read(file).matchAll(/\bfrom\s*"(\.{1,2}\/[^"]+)"/g)) {
    cssOf(path.resolve(path.dirname(file), source), seen, found)
  }
}

/** What each component exported by @mantine/core needs (other exports need none). */
export function componentNeeds(order: string[] = cssOrder()): Needs {
  const index = read(path.join(CORE, 'esm/index.mjs'))
  const needs: Needs = new Map()
  for (const [, names = '', source = ''] of index.matchAll(
    /import\s*\{([^}]*)\}\s*from\s*"(\.\/components\/[^"]+)"/g,
  )) {
    const found = new Set<string>()
    cssOf(path.join(CORE, 'esm', source), new Set(), found)
    const css = order.filter((name) => found.has(name))
    for (const name of names.split(',').map((n) => n.trim().split(/\s+as\s+/)[0] ?? '')) {
      if (name && css.length) needs.set(name, css)
    }
  }
  return needs
}

/** The value names a file imports from `pkg` (type-only imports left out). */
function importedNames(code: string, pkg: string): string[] {
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg.replace('/', '\\/')}'`, 'g')
  return [...code.matchAll(pattern)].flatMap(([, list = '']) =>
    list
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type ')),
  )
}

const importedCss = (code: string) =>
  [...code.matchAll(/^import '(@mantine\/[^']+\.css)'$/gm)].map(([, css = '']) => css)

export type FileCheck = { file: string; missing: string[]; unordered: boolean }

const specifier = (name: string) => `${CSS_PREFIX}${name}.css`

/** Where a CSS import belongs in Mantine's order (the notifications' and dates' come after core's). */
const rankIn = (order: string[]) => (css: string) =>
  css === NOTIFICATIONS_CSS || css === DATES_CSS
    ? order.length
    : order.indexOf(css.slice(CSS_PREFIX.length, -'.css'.length))

/** What `code` must import besides the shell's styles, and whether its CSS imports are in order. */
export function checkFile(
  file: string,
  code: string,
  needs: Needs,
  shell: Set<string>,
  order: string[],
): FileCheck {
  // The toasts render Mantine's Notification inside @mantine/notifications' container.
  const toasts = importedNames(code, '@mantine/notifications').includes('Notifications')
  const components = [...importedNames(code, '@mantine/core'), ...(toasts ? ['Notification'] : [])]
  const wanted = new Set(components.flatMap((name) => needs.get(name) ?? []))
  const present = importedCss(code)
  const missing = order
    .filter((name) => wanted.has(name) && !shell.has(name))
    .map(specifier)
    .filter((css) => !present.includes(css))
  if (toasts && !present.includes(NOTIFICATIONS_CSS)) missing.push(NOTIFICATIONS_CSS)
  const dates = importedNames(code, '@mantine/dates').length > 0
  if (dates && !present.includes(DATES_CSS)) missing.push(DATES_CSS)
  const ranks = present.map(rankIn(order))
  return { file, missing, unordered: ranks.some((rank, i) => i > 0 && rank < (ranks[i - 1] ?? 0)) }
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(full)
    // Test files and their helpers render nothing in the app.
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('test')) yield full
  }
}

/** Every source file of the web app that misses Mantine CSS or has it out of order. */
export function checkWebApp(root = 'src/web'): FileCheck[] {
  const order = cssOrder()
  const needs = componentNeeds(order)
  const shellCode = read(SHELL_STYLES)
  const shell = new Set(importedCss(shellCode).map((css) => css.slice(CSS_PREFIX.length, -'.css'.length)))
  return [...sourceFiles(root)]
    .filter((file) => path.resolve(file) !== path.resolve(SHELL_STYLES))
    .map((file) => checkFile(file, read(file), needs, shell, order))
    .filter((check) => check.missing.length > 0 || check.unordered)
}

/** Adds the missing imports at the top of each file, with the CSS it imports already, in order. */
function write(checks: FileCheck[]): void {
  const rank = rankIn(cssOrder())
  for (const { file, missing } of checks) {
    const code = read(file)
    const css = [...new Set([...importedCss(code), ...missing])].sort((a, b) => rank(a) - rank(b))
    const rest = code.replace(/^import '@mantine\/[^']+\.css'\n/gm, '')
    writeFileSync(file, `${css.map((c) => `import '${c}'`).join('\n')}\n${rest}`)
  }
}

if (import.meta.main) {
  const checks = checkWebApp()
  for (const check of checks) {
    console.log(`${check.file}: ${check.missing.join(', ')}${check.unordered ? ' (out of order)' : ''}`)
  }
  if (process.argv.includes('--write')) write(checks)
  else if (checks.length) process.exit(1)
}
