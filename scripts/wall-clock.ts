import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

// The tests' clock rule (docs/decisions.md "One clock for tests"): a test never reads the wall's
// clock for a rule of time, which would make it pass or fail by the hour it runs at. "Now" comes
// from the story clock (src/server/test-support/story-clock.ts: `storyNow()`, a test app's
// `t.clock`, a journey's `storyNow()` from tests/e2e/support/story.ts); a duration is measured
// with `performance.now()`; a unique name comes from `randomUUID()`. A line that truly needs the
// wall (a file's modification time is the file system's) says why with `// wall clock: …` on it
// or on the line above. Journeys take `test` and their extra browser contexts from
// tests/e2e/support/story.ts, whose contexts are on the story clock.

/** Test code: the journeys and their support, every test file, the tests' support code. */
const TESTS =
  /(?:^tests\/e2e\/.*\.ts$|\.test\.tsx?$|^src\/server\/test-support\/.*\.ts$|^src\/web\/test-support\/.*\.tsx?$)/
/** Where the story clock itself reads the wall (it is what the rest reads instead). */
const THE_CLOCK = new Set([
  'src/server/test-support/story-clock.ts',
  'src/server/test-support/story-clock.test.ts',
  'tests/e2e/support/story.ts',
  // The rule's own test: its sample files break the rule on purpose.
  'scripts/wall-clock.test.ts',
])

const RULES: { pattern: RegExp; says: string; where?: RegExp }[] = [
  {
    pattern: /\bDate\.now\(\)|\bnew Date\(\)/,
    says: 'reads the wall clock: use storyNow(), t.clock, performance.now() or randomUUID()',
  },
  {
    pattern: /import \{[^}]*\btest\b[^}]*\} from '@playwright\/test'/,
    says: "takes Playwright's test: import test from tests/e2e/support/story.ts (its contexts are on the story clock)",
    where: /^tests\/e2e\//,
  },
  {
    pattern: /\.newContext\(|\bbrowser\.newPage\(/,
    says: 'opens a browser context off the story clock: use newStoryContext from tests/e2e/support/story.ts',
    where: /^tests\/e2e\//,
  },
]

const EXCUSED = /\/\/ wall clock: \S/

export type Offence = { file: string; line: number; says: string }

function files(root: string, dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') found.push(...files(root, rel))
    } else if (TESTS.test(rel) && !THE_CLOCK.has(rel)) found.push(rel)
  }
  return found
}

/** Every line of test code that breaks the clock rule. */
export function wallClockOffences(root = process.cwd()): Offence[] {
  const offences: Offence[] = []
  for (const file of [...files(root, 'src'), ...files(root, 'tests'), ...files(root, 'scripts')].sort()) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n')
    lines.forEach((text, i) => {
      for (const rule of RULES) {
        if (rule.where && !rule.where.test(file)) continue
        if (!rule.pattern.test(text)) continue
        if (EXCUSED.test(text) || EXCUSED.test(lines[i - 1] ?? '')) continue
        offences.push({ file, line: i + 1, says: rule.says })
      }
    })
  }
  return offences
}
