import * as v from 'valibot'
import {
  CSV_COLUMNS,
  CSV_MAX_ROWS,
  type CsvRow,
  companyNameSchema,
  dateKeySchema,
} from '../../../domain/api/admin-students.ts'
import { emailSchema } from '../../../domain/api/common.ts'
import { OpsFieldError } from './field-errors.ts'

// The console's invitations from a CSV file: the header row names the columns of
// CSV_COLUMNS (any order), then one student per row. RFC 4180 quoting; a comma or, as Excel writes
// in Poland, a semicolon between fields. Rules: docs/decisions.md "The console's Teachers and
// Students".

type Column = (typeof CSV_COLUMNS)[number]
type Problem = CsvRow['problems'][number]

const fileError = (message: string) => new OpsFieldError('csv', message)

/** The records of the text (each a list of fields) with their line numbers; blank lines skipped. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const body = text.replace(/^\uFEFF/, '')
  const firstLine = body.slice(0, body.search(/\r?\n|$/))
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ','
  const records: { line: number; fields: string[] }[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let recordLine = 1
  const endRecord = () => {
    fields.push(field)
    if (fields.length > 1 || fields[0]?.trim()) records.push({ line: recordLine, fields })
    fields = []
    field = ''
  }
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else {
        if (c === '\n') line++
        field += c
      }
    } else if (c === '"' && field.trim() === '') {
      field = ''
      quoted = true
    } else if (c === separator) {
      fields.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++
      endRecord()
      line++
      recordLine = line
    } else field += c
  }
  if (quoted) throw fileError(`A quoted field opened on line ${recordLine} is never closed.`)
  endRecord()
  return records
}

const FLAGS: Record<string, boolean> = {
  '': false,
  true: true,
  false: false,
  '1': true,
  '0': false,
  yes: true,
  no: false,
  tak: true,
  nie: false,
}

const problem = (field: string, code: Problem['code'], message: string): Problem => ({ field, code, message })

const companyProblem = (issue: string | undefined): Problem =>
  issue === 'single_line'
    ? problem('company_name', 'company_single_line', 'Write the company name on one line, without tabs')
    : problem('company_name', 'company_too_long', 'At most 100 characters')

/** The header's column positions; a missing or unknown column is the file's error. */
function columnsOf(header: string[]): (column: Column) => number {
  const names = header.map((name) => name.trim().toLowerCase())
  const unknown = names.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name))
  const missing = CSV_COLUMNS.filter((name) => !names.includes(name))
  if (missing.length > 0 || unknown.length > 0) {
    throw fileError(
      `The first row must name the columns ${CSV_COLUMNS.join(', ')}` +
        (missing.length > 0 ? `; missing: ${missing.join(', ')}` : '') +
        (unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : '') +
        '.',
    )
  }
  return (column) => names.indexOf(column)
}

/** One data row: its values, or its problems (taken addresses are checked by the caller). */
function checkRow(line: number, fields: string[], at: (column: Column) => number, today: string): CsvRow {
  const cell = (column: Column) => (fields[at(column)] ?? '').trim()
  const problems: Problem[] = []
  if (fields.length !== CSV_COLUMNS.length)
    problems.push(
      problem('row', 'columns', `The row has ${fields.length} fields, not ${CSV_COLUMNS.length}.`),
    )
  const email = v.safeParse(emailSchema, cell('email'))
  if (!email.success) problems.push(problem('email', 'email_invalid', 'Please enter a valid e-mail address'))
  const flags = (['human_access', 'ai_access', 'only_group_lessons'] as const).map((column) => {
    const value = FLAGS[cell(column).toLowerCase()]
    if (value === undefined)
      problems.push(problem(column, 'flag_invalid', 'Write true or false (or 1/0, yes/no, tak/nie)'))
    return value ?? false
  })
  let activeUntil: string | null = null
  if (cell('active_until')) {
    const date = v.safeParse(dateKeySchema, cell('active_until'))
    if (!date.success) problems.push(problem('active_until', 'date_invalid', 'Enter a date as YYYY-MM-DD'))
    else if (date.output < today)
      problems.push(problem('active_until', 'date_past', 'The date has passed already'))
    else activeUntil = date.output
  }
  const company = v.safeParse(companyNameSchema, cell('company_name'))
  // A cell that looks like a formula (=, +, -, @) is kept as the text it is: nothing here evaluates
  // it, and the app exports no CSV (docs/decisions.md "Single-line fields").
  if (!company.success) problems.push(companyProblem(company.issues[0]?.message))
  const written = cell('locale').toLowerCase() || 'pl'
  const locale = written === 'pl' || written === 'en' ? written : null
  if (!locale) problems.push(problem('locale', 'locale_invalid', 'Write pl or en'))
  const [humanAccess = false, aiAccess = false, onlyGroupLessons = false] = flags
  return {
    line,
    email: email.success ? email.output : cell('email'),
    cells: {
      email: cell('email'),
      human_access: cell('human_access'),
      ai_access: cell('ai_access'),
      only_group_lessons: cell('only_group_lessons'),
      active_until: cell('active_until'),
      company_name: cell('company_name'),
      locale: cell('locale'),
    },
    values:
      problems.length > 0 || !email.success || !locale
        ? null
        : {
            email: email.output,
            human_access: humanAccess,
            ai_access: aiAccess,
            only_group_lessons: onlyGroupLessons,
            active_until: activeUntil,
            company_name: company.success && company.output ? company.output : null,
            locale,
          },
    problems,
  }
}

/**
 * Every data row checked on its own and against the rows above it (an address twice: the later
 * rows are refused). `today` is the Poland date (YYYY-MM-DD).
 */
export function checkCsv(text: string, today: string): CsvRow[] {
  const [header, ...records] = parseCsv(text)
  if (!header) throw fileError('The file is empty.')
  const at = columnsOf(header.fields)
  if (records.length === 0) throw fileError('The file names no students: only its header row.')
  if (records.length > CSV_MAX_ROWS)
    throw fileError(`At most ${CSV_MAX_ROWS} students per file; this one has ${records.length}.`)
  const firstLineOf = new Map<string, number>()
  return records.map(({ line, fields }) => {
    const row = checkRow(line, fields, at, today)
    const first = firstLineOf.get(row.email)
    if (first === undefined) firstLineOf.set(row.email, line)
    else {
      row.problems.push(problem('email', 'email_duplicate', `The address is on line ${first} already.`))
      row.values = null
    }
    return row
  })
}

/**
 * Marks the rows whose address already has an account (any role, invited or not). A student of
 * `invited` (invited, no password yet) is told apart from someone else's account: their invitation
 * e-mail still waits to go out (`invitation_pending`, with the student's id: the console offers to
 * send it again) or went out (`already_invited`).
 */
export function markTaken(
  rows: CsvRow[],
  taken: Set<string>,
  invited: Map<string, { studentId: string; mailPending: boolean }> = new Map(),
): CsvRow[] {
  for (const row of rows) {
    const email = row.email.toLowerCase()
    if (!taken.has(email)) continue
    const invitation = invited.get(email)
    if (!invitation) row.problems.push(problem('email', 'email_taken', 'This email is already in use'))
    else if (!invitation.mailPending)
      row.problems.push(
        problem('email', 'already_invited', 'This student is invited already and has not set a password'),
      )
    else {
      row.problems.push(
        problem('email', 'invitation_pending', "This student's invitation e-mail has not been sent yet"),
      )
      row.student_id = invitation.studentId
    }
    row.values = null
  }
  return rows
}
