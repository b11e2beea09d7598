import { existsSync, readFileSync } from 'node:fs'
import { stripVTControlCharacters } from 'node:util'

// The test runners' reports read as counts of cases, and as the failed cases' names with the first
// line of what went wrong (scripts/test.ts, scripts/test-any-hour.ts): a CI log that keeps only its
// tail still says which case failed and why.

export type Counts = { passed: number; failed: number }

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : [])
const text = (value: unknown) => (typeof value === 'string' ? value : '')

function readJson(file: string): Json | undefined {
  if (!existsSync(file)) return undefined
  const report: unknown = JSON.parse(readFileSync(file, 'utf8'))
  return isObject(report) ? report : undefined
}

export function countVitest(file: string): Counts {
  const report = readJson(file)
  if (report && 'numPassedTests' in report && 'numFailedTests' in report) {
    return { passed: Number(report.numPassedTests), failed: Number(report.numFailedTests) }
  }
  return { passed: 0, failed: 1 }
}

export function countPlaywright(file: string): Counts {
  const stats = readJson(file)?.stats
  if (isObject(stats)) {
    const n = (key: string) => Number(stats[key] ?? 0)
    return { passed: n('expected') + n('flaky'), failed: n('unexpected') }
  }
  return { passed: 0, failed: 1 }
}

/** "file › case: the first line of the error", the error's line cut to 200 characters. */
function caseLine(file: string, title: string, message: string) {
  const line = stripVTControlCharacters(message)
    .split('\n')
    .find((l) => l.trim())
  return `${file} › ${title}${line ? `: ${line.trim().slice(0, 200)}` : ''}`
}

export function failedVitest(file: string): string[] {
  const report = readJson(file)
  if (!report) return [`${file}: no report (the run ended before writing it)`]
  const root = process.cwd()
  return list(report.testResults).flatMap((suite) => {
    const name = text(suite.name).replace(`${root}/`, '')
    const cases = list(suite.assertionResults).filter((c) => c.status === 'failed')
    if (cases.length === 0 && suite.status === 'failed')
      return [caseLine(name, '(the file)', text(suite.message))]
    return cases.map((c) => {
      const messages = Array.isArray(c.failureMessages) ? c.failureMessages : []
      return caseLine(name, text(c.fullName), text(messages[0]))
    })
  })
}

export function failedPlaywright(file: string): string[] {
  const report = readJson(file)
  if (!report) return [`${file}: no report (the run ended before writing it)`]
  const found: string[] = []
  // A file's suite holds its cases and its describe blocks' suites, which hold theirs.
  const walk = (suite: Json, file: string, titles: string[]) => {
    for (const spec of list(suite.specs)) {
      for (const test of list(spec.tests)) {
        if (test.status !== 'unexpected') continue
        const last = list(test.results).at(-1)
        const error = isObject(last?.error) ? text(last.error.message) : ''
        found.push(caseLine(file, [...titles, text(spec.title)].join(' › '), error))
      }
    }
    for (const child of list(suite.suites)) walk(child, file, [...titles, text(child.title)])
  }
  for (const suite of list(report.suites)) walk(suite, text(suite.file), [])
  for (const error of list(report.errors)) found.push(caseLine('(the run)', 'error', text(error.message)))
  return found
}
