import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as v from 'valibot'

// The JavaScript size budget (architecture.md "Loading"), checked on the production build by
// `npm test`: a cold /login may download at most 150 kB of JavaScript gzipped, set-lessons and
// my-lessons 250 kB each, on a phone and on a wide screen (the run fails above them); the other
// rows are reported against the same 250 kB. A page's chunks are the entry's static imports plus
// each lazy module the page loads and their static imports, read from Vite's manifest
// (build.manifest). Sizes are gzip level 9 of the built files (kB = 1000 bytes, as Vite prints
// them); bench:web measures the same pages in a real browser (a phone, as Lighthouse's mobile
// preset): the rows after them say what a wide screen and a teacher add.

const chunkSchema = v.object({
  file: v.string(),
  imports: v.optional(v.array(v.string()), []),
  css: v.optional(v.array(v.string()), []),
})
const manifestSchema = v.record(v.string(), chunkSchema)
type Manifest = v.InferOutput<typeof manifestSchema>

export type PageBudget = {
  name: string
  /** The lazy modules (manifest keys: source paths) the page loads besides the entry. */
  lazy: string[]
  budgetKb: number
  /** Whether going over fails the check (the three pages); the others are reported. */
  enforced?: boolean
}

// A signed-in page loads the HTTP client and the profile's prefetch at once (src/web/main.tsx),
// the dashboard layout's chunk and its screen's (src/web/app/router.tsx); my-lessons shows a table
// on wide screens and the schedule panel to teachers, each a chunk of its own.
const SIGNED_IN = [
  'src/web/api/ky-client.ts',
  'src/web/app/signed-in-prefetch.ts',
  'src/web/app/dashboard-layout.tsx',
]
const MY_LESSONS = [...SIGNED_IN, 'src/web/app/my-lessons-route.tsx']
const TABLE = 'src/web/features/my-lessons/lesson-table.tsx'
const SET_LESSONS = [...SIGNED_IN, 'src/web/features/scheduling/set-lessons-screen.tsx']
const AI_LESSON = 'src/web/features/ai-lesson/ai-lesson-screen.tsx'
export const PAGES: PageBudget[] = [
  { name: '/login', lazy: [], budgetKb: 150, enforced: true },
  { name: 'set-lessons', lazy: SET_LESSONS, budgetKb: 250, enforced: true },
  // On a wide screen the filters' fields show at once; on a phone they are folded away.
  {
    name: '  wide screen',
    lazy: [...SET_LESSONS, 'src/web/features/scheduling/teacher-filter-fields.tsx'],
    budgetKb: 250,
    enforced: true,
  },
  // The language onboarding is a chunk of its own, loaded when the student opens it.
  {
    name: '  onboarding open',
    lazy: [...SET_LESSONS, 'src/web/features/scheduling/onboarding/onboarding-dialog.tsx'],
    budgetKb: 250,
  },
  { name: 'my-lessons', lazy: MY_LESSONS, budgetKb: 250, enforced: true },
  { name: '  wide screen', lazy: [...MY_LESSONS, TABLE], budgetKb: 250, enforced: true },
  {
    name: '  teacher, wide',
    lazy: [...MY_LESSONS, TABLE, 'src/web/app/teacher-schedule.tsx'],
    budgetKb: 250,
  },
  // The school's console, one lazy chunk behind a small door (router.tsx), never in the
  // students' and teachers' pages; its first load is reported, not budgeted.
  {
    name: '/admin console',
    lazy: [
      'src/web/api/ky-client.ts',
      'src/web/features/admin/admin-route.tsx',
      'src/web/features/admin/admin-console.tsx',
    ],
    budgetKb: 400,
  },
  // The AI lesson; its progress tab adds the charts (recharts), a chunk of their own.
  { name: 'ai-lesson', lazy: [...SIGNED_IN, AI_LESSON], budgetKb: 250 },
  {
    name: '  progress tab',
    lazy: [...SIGNED_IN, AI_LESSON, 'src/web/features/ai-lesson/progress-tab.tsx'],
    budgetKb: 400,
  },
]

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json')
  if (!existsSync(file)) throw new Error(`${file} is missing: build with build.manifest (npm run build)`)
  return v.parse(manifestSchema, JSON.parse(readFileSync(file, 'utf8')))
}

/** The files of `keys` and everything they import statically, each once. */
export function chunkFiles(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>()
  const js: string[] = []
  const css = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build's manifest`)
    js.push(chunk.file)
    for (const file of chunk.css) css.add(file)
    for (const imported of chunk.imports) visit(imported)
  }
  for (const key of keys) visit(key)
  return { js, css: [...css] }
}

export type PageSize = { name: string; files: number; gzipBytes: number; budgetKb: number; enforced: boolean }

export function measurePages(distDir: string, pages: PageBudget[] = PAGES): PageSize[] {
  const manifest = readManifest(distDir)
  const gzipped = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length
  return pages.map((page) => {
    const { js } = chunkFiles(manifest, ['index.html', ...page.lazy])
    return {
      name: page.name,
      files: js.length,
      gzipBytes: js.reduce((sum, file) => sum + gzipped(file), 0),
      budgetKb: page.budgetKb,
      enforced: page.enforced === true,
    }
  })
}

if (import.meta.main) {
  const sizes = measurePages(process.argv[2] ?? 'dist')
  for (const page of sizes) {
    const kb = page.gzipBytes / 1000
    const verdict = kb <= page.budgetKb ? 'ok' : page.enforced ? 'OVER BUDGET' : 'over (reported)'
    console.log(
      `${page.name.padEnd(16)} ${kb.toFixed(1).padStart(6)} kB gzipped JS in ${String(page.files).padStart(2)} files` +
        ` (budget ${page.budgetKb} kB): ${verdict}`,
    )
  }
  process.exit(sizes.every((page) => !page.enforced || page.gzipBytes / 1000 <= page.budgetKb) ? 0 : 1)
}
