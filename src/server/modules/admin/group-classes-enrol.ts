import * as v from 'valibot'
import type { EnrolCsvRow } from '../../../domain/api/admin-group-classes.ts'
import { CSV_MAX_ROWS } from '../../../domain/api/admin-students.ts'
import { emailSchema } from '../../../domain/api/common.ts'
import { enrolStudents } from '../group-classes/public.ts'
import { type AuditActor, writeAudit } from './audit-repository.ts'
import { fieldError, OpsFieldError } from './field-errors.ts'
import { companyStudentIds, enrollableByEmail, enrollableIds } from './group-classes-repository.ts'
import type { GroupContext } from './group-classes-service.ts'
import { parseCsv } from './students-csv.ts'

// The console's enrolment in a group class (product-rules.md "Group classes"): students picked
// from the search, a CSV of e-mails (all rows or none), or everyone of a company. Places go in the
// order given; the rest join the waiting list. Audited with the roster before and after.

export type EnrolResult = { enrolled: number; waiting: number; already: number }

async function enrolAudited(
  ctx: GroupContext,
  classId: string,
  studentIds: string[],
  via: 'search' | 'csv' | 'company',
  actor: AuditActor,
): Promise<EnrolResult> {
  const now = ctx.clock.now()
  const unique = [...new Set(studentIds)]
  const result = await enrolStudents(ctx, classId, unique, async (tx, { before, enrolled, waiting }) => {
    const of = (status: 'enrolled' | 'waiting') =>
      before.filter((member) => member.status === status).map((member) => member.studentId)
    await writeAudit(
      tx,
      actor,
      {
        action: 'group_class.enrol',
        targetType: 'group_class',
        targetId: classId,
        before: { enrolled: of('enrolled'), waiting: of('waiting') },
        after: { enrolled: [...of('enrolled'), ...enrolled], waiting: [...of('waiting'), ...waiting], via },
      },
      now,
    )
  })
  return {
    enrolled: result.enrolled.length,
    waiting: result.waiting.length,
    already: unique.length - result.enrolled.length - result.waiting.length,
  }
}

/** Students by id (from the console's search); an id that is no enrollable student is refused. */
export async function enrolByIds(
  ctx: GroupContext,
  classId: string,
  studentIds: string[],
  actor: AuditActor,
): Promise<EnrolResult> {
  const known = await enrollableIds(ctx.db, studentIds)
  const unknown = studentIds.findIndex((id) => !known.has(id))
  if (unknown >= 0) throw fieldError(`student_ids.${unknown}`, 'No active student with this id')
  return enrolAudited(ctx, classId, studentIds, 'search', actor)
}

const HEADERS = new Set(['email', 'e-mail', 'adres e-mail'])

/** The CSV's rows, each with its problem; a header row naming the e-mail column is skipped. */
export function csvEmailRows(csv: string): EnrolCsvRow[] {
  const records = parseCsv(csv)
  const first = records[0]?.fields[0]?.trim().toLowerCase()
  const body = first !== undefined && HEADERS.has(first) ? records.slice(1) : records
  if (body.length === 0) throw new OpsFieldError('csv', 'The file names no e-mail addresses.')
  if (body.length > CSV_MAX_ROWS)
    throw new OpsFieldError('csv', `At most ${CSV_MAX_ROWS} students per file; this one has ${body.length}.`)
  const seen = new Set<string>()
  return body.map(({ line, fields }) => {
    const written = (fields[0] ?? '').trim()
    const email = v.safeParse(emailSchema, written)
    if (!email.success) return { line, email: written, problem: 'email_invalid' }
    if (seen.has(email.output)) return { line, email: email.output, problem: 'email_duplicate' }
    seen.add(email.output)
    return { line, email: email.output, problem: null }
  })
}

/**
 * Every row's student enrolled, or, when a row has a problem (not an address, twice, or no active
 * student with it), nobody: the rows come back with their problems.
 */
export async function enrolByCsv(
  ctx: GroupContext,
  classId: string,
  csv: string,
  actor: AuditActor,
): Promise<EnrolResult & { rows: EnrolCsvRow[]; added: boolean }> {
  const rows = csvEmailRows(csv)
  const ids = await enrollableByEmail(
    ctx.db,
    rows.filter((row) => row.problem === null).map((row) => row.email),
  )
  const checked = rows.map((row) =>
    row.problem === null && !ids.has(row.email) ? { ...row, problem: 'unknown_email' as const } : row,
  )
  if (checked.some((row) => row.problem !== null))
    return { rows: checked, added: false, enrolled: 0, waiting: 0, already: 0 }
  const studentIds = checked.flatMap((row) => ids.get(row.email) ?? [])
  return { rows: checked, added: true, ...(await enrolAudited(ctx, classId, studentIds, 'csv', actor)) }
}

/** Everyone of the company (its name as written, ignoring case), oldest accounts first. */
export async function enrolCompany(
  ctx: GroupContext,
  classId: string,
  companyName: string,
  actor: AuditActor,
): Promise<EnrolResult> {
  const ids = await companyStudentIds(ctx.db, companyName)
  if (ids.length === 0) throw fieldError('company_name', 'No active students of this company')
  return enrolAudited(ctx, classId, ids, 'company', actor)
}
