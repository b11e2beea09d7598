import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

// The repository carries what its comments cite (docs/architecture.md "House rules in short"): a
// citation names a document under docs/ and, in quotes, one of its sections —
// `product-rules.md "Join window"`, `decisions.md "One clock for tests"`, `architecture.md "Data"`,
// `design.md "Words"`, `protocol §2` (docs/lesson-room-protocol.md) — and documents a reader of
// the clone cannot open are not cited at all: the specification's § numbers, the issue tracker,
// the team's shared files. scripts/citations.test.ts holds the rule in `npm test`.

export type BrokenCitation = { file: string; line: number; cites: string; why: string }

/** What the code may not cite: it is not in the repository. */
const ELSEWHERE: { pattern: RegExp; why: string }[] = [
  { pattern: /\bspec §/, why: 'the specification is not in the repository: cite product-rules.md' },
  {
    pattern: /\b[Ii]ssue #\d/,
    why: 'the issue tracker is not in the repository: cite decisions.md or say it',
  },
  {
    pattern: /\b(?:ARCHITECTURE|DESIGN|CONVENTIONS)\.md\b/,
    why: 'the shared files are not in the repository: cite docs/architecture.md or docs/design.md',
  },
]

const DOCUMENTS = ['product-rules', 'decisions', 'architecture', 'design'] as const
/** `product-rules.md "A"`, `docs/decisions.md "B", "C"` (also `product-rules "A"`). */
const CITATION =
  /\b(product-rules|decisions|architecture|design)(?:\.md)?\s+((?:"[^"\n]+"(?:,\s*|\s+and\s+)?)+)/g
const PROTOCOL = /\bprotocol §(\d+)/g

/** The rule's own files: their examples are made up. */
const OWN = new Set(['scripts/citations.ts', 'scripts/citations.test.ts'])
/** The decisions' log: its dated entries record what the team was asked for at the time. */
const HISTORY = new Set(['docs/decisions.md'])

const SCANNED = ['src', 'tests', 'scripts', 'bench', 'service-worker', 'docs']
const TEXT = /\.(ts|tsx|sql|md|css)$/
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'locales', 'migrations-meta'])

function files(root: string, dir: string): string[] {
  if (!existsSync(path.join(root, dir))) return []
  const found: string[] = []
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && rel !== 'src/server/db/migrations/meta') found.push(...files(root, rel))
    } else if (TEXT.test(entry.name)) found.push(rel)
  }
  return found
}

/**
 * A document's section names: its headings (a decision's without its date), and the bold names
 * that open a paragraph or a list item inside one (`**Files in S3, served through the app.**`).
 */
function sections(root: string, document: string): string[] {
  const file = path.join(root, 'docs', `${document}.md`)
  if (!existsSync(file)) return []
  const names: string[] = []
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^#{1,4} /.test(line))
      names.push(
        line
          .replace(/^#+ /, '')
          .replace(/^\d{4}-\d{2}-\d{2} — /, '')
          .trim(),
      )
    const bold = /^(?:- )?\*\*([^*]+?)[.:]?\*\*/.exec(line)
    if (bold?.[1]) names.push(bold[1])
  }
  return names
}

/** A cited name is a section's name, or the start of exactly one (a short form), at a word's end. */
function findSection(names: string[], cited: string): boolean {
  if (names.includes(cited)) return true
  const starts = names.filter(
    (name) => name.startsWith(cited) && /^[\s:;,.(—-]/.test(name.slice(cited.length)),
  )
  return starts.length === 1
}

/** Every citation, in the scanned folders and the README, that names what the repository lacks. */
export function brokenCitations(root = process.cwd()): BrokenCitation[] {
  const names = new Map(DOCUMENTS.map((document) => [document, sections(root, document)]))
  const protocol = sections(root, 'lesson-room-protocol')
  const broken: BrokenCitation[] = []
  const scanned = [...SCANNED.flatMap((dir) => files(root, dir)), 'README.md'].filter((file) =>
    existsSync(path.join(root, file)),
  )
  for (const file of scanned.sort()) {
    if (OWN.has(file)) continue
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n')
    lines.forEach((text, index) => {
      const line = index + 1
      if (!HISTORY.has(file)) {
        for (const { pattern, why } of ELSEWHERE) {
          const found = pattern.exec(text)
          if (found) broken.push({ file, line, cites: found[0], why })
        }
      }
      for (const match of text.matchAll(CITATION)) {
        const [, document = '', quoted = ''] = match
        for (const [, cited = ''] of quoted.matchAll(/"([^"]+)"/g)) {
          const known = names.get(document as (typeof DOCUMENTS)[number]) ?? []
          if (!findSection(known, cited))
            broken.push({ file, line, cites: `${document}.md "${cited}"`, why: 'no such section' })
        }
      }
      for (const [cites, number = ''] of text.matchAll(PROTOCOL)) {
        if (!protocol.some((name) => name.startsWith(`${number}. `)))
          broken.push({ file, line, cites, why: 'no such section of docs/lesson-room-protocol.md' })
      }
    })
  }
  return broken
}
