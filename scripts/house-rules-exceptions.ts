import type { Exception } from './house-rules.ts'

// Today's exceptions to the house's rules (docs/architecture.md "The house's rules"), each with its
// reason. The list only shrinks: scripts/house-rules.test.ts fails on a violation not listed here
// and on an entry that no longer excuses anything. None is in the web (its layers hold as written) nor
// between server modules (each imports only the others' public.ts).

/**
 * Files that query Drizzle or import the tables outside a repository, by folder of src/server:
 * `folder: files — why`, the why a reason the query cannot live in a repository. None today: every
 * query of the app is in one (docs/decisions.md "All SQL in repositories"); the seed's is below.
 */
const DATABASE_LAYER = `
`

function parts(line: string, pattern: RegExp): [string, string, string] {
  const [, a, b, c] = pattern.exec(line) ?? []
  if (a === undefined || b === undefined || c === undefined) throw new Error(`Unreadable exception: ${line}`)
  return [a, b, c]
}

function databaseLayer(line: string): Exception {
  const [folder, files, reason] = parts(line, /^(\S+): (.+?) — (.+)$/)
  return {
    rule: 'database-layer',
    from: files.split(', ').map((file) => `src/server/${folder}/${file}`),
    to: '*',
    reason,
  }
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '')

export const EXCEPTIONS: readonly Exception[] = [
  ...lines(DATABASE_LAYER).map(databaseLayer),
  {
    rule: 'database-layer',
    from: 'src/server/seed/',
    to: '*',
    reason:
      'the demo seed writes its fixed rows straight into the tables, once, on an empty database: no request runs it',
  },
]
