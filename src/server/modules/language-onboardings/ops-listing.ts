import {
  formatPolandDate,
  formatPolandTime,
  fromPolandLocal,
  parseDateKey,
} from '../../../domain/poland-time.ts'
import type { Db } from '../../db/client.ts'
import { listReports } from './repository.ts'

// `npm run ops -- lack-of-slots [--since DATE]`: the school reads what students
// asked for, to hire for it. Tab-separated, so it pastes into a spreadsheet.

const HEADER = [
  'reported_at',
  'student_full_name',
  'student_email',
  'student_phone_number',
  'taught_language',
  'teaching_language',
  'level',
  'specialization',
  'date',
  'hour',
].join('\t')

export async function lackOfSlotsLines(db: Db, since: string | null): Promise<string> {
  const from = since === null ? null : fromPolandLocal(parseDateKey(since))
  const reports = await listReports(db, from)
  const scope = since === null ? '' : ` since ${since}`
  if (reports.length === 0) return `No lack-of-slots reports${scope}.`
  const lines = reports.map((r) =>
    [
      `${formatPolandDate(new Date(r.reported_at))} ${formatPolandTime(new Date(r.reported_at))}`,
      r.student_full_name,
      r.student_email,
      r.student_phone_number ?? '-',
      r.taught_language,
      r.teaching_language,
      r.level,
      r.specialization ?? 'any',
      r.date,
      r.hour,
    ].join('\t'),
  )
  return [`${reports.length} lack-of-slots report(s)${scope}:`, HEADER, ...lines].join('\n')
}
