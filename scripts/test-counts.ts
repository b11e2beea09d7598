import { existsSync, readFileSync } from 'node:fs'

// The test runners' reports read as counts of cases (scripts/test.ts, scripts/test-any-hour.ts).

export type Counts = { passed: number; failed: number }

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
}

export function countVitest(file: string): Counts {
  const report = readJson(file)
  if (report && typeof report === 'object' && 'numPassedTests' in report && 'numFailedTests' in report) {
    return { passed: Number(report.numPassedTests), failed: Number(report.numFailedTests) }
  }
  return { passed: 0, failed: 1 }
}

export function countPlaywright(file: string): Counts {
  const report = readJson(file)
  if (
    report &&
    typeof report === 'object' &&
    'stats' in report &&
    report.stats &&
    typeof report.stats === 'object'
  ) {
    const s = report.stats
    const n = (key: string) => (key in s ? Number(Reflect.get(s, key)) : 0)
    return { passed: n('expected') + n('flaky'), failed: n('unexpected') }
  }
  return { passed: 0, failed: 1 }
}
