import * as v from 'valibot'
import type { AuditEntryDto } from '../../../domain/api/admin.ts'
import { idSchema } from '../../../domain/api/common.ts'
import type { Db } from '../../db/client.ts'
import { type LessonNames, lessonsByIds, type PersonName, peopleByIds } from './audit-names-repository.ts'
import { type AuditFilter, type AuditRow, listAudit } from './audit-repository.ts'

// GET /admin/audit/index: a page of the audit log as a person reads it, each entry with its
// operator's name and its target named (a person, or a lesson by its start and parties).

const PERSON_TARGETS = new Set(['user', 'teacher'])

const person = (p: PersonName) => ({ name: p.name, email: p.email })

function target(row: AuditRow, people: Map<string, PersonName>, lessons: Map<string, LessonNames>) {
  if (!row.targetId) return null
  if (PERSON_TARGETS.has(row.targetType)) {
    const found = people.get(row.targetId)
    if (found) return { kind: 'person' as const, ...person(found) }
    // The learncube command names a teacher by e-mail.
    return row.targetId.includes('@') ? { kind: 'person' as const, name: null, email: row.targetId } : null
  }
  const lesson = lessons.get(row.targetId)
  if (!lesson) return null
  return {
    kind: 'lesson' as const,
    starts_at: lesson.startsAt.toISOString(),
    teacher: person(lesson.teacher),
    student: person(lesson.student),
  }
}

export async function auditPage(
  db: Db,
  filter: AuditFilter,
): Promise<{ entries: AuditEntryDto[]; more: boolean }> {
  const { rows, more } = await listAudit(db, filter)
  const ids = (pick: (row: AuditRow) => string | null) => [
    ...new Set(rows.map(pick).filter((id): id is string => id !== null && v.is(idSchema, id))),
  ]
  const of = (type: string) => (row: AuditRow) => (row.targetType === type ? row.targetId : null)
  const people = await peopleByIds(db, [
    ...ids((row) => row.actorId),
    ...ids((row) => (PERSON_TARGETS.has(row.targetType) ? row.targetId : null)),
  ])
  const lessons = await lessonsByIds(db, { lessons: ids(of('lesson')), reports: ids(of('absence_report')) })
  const entries = rows.map(
    (row): AuditEntryDto => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: {
        kind: row.actorKind,
        id: row.actorId,
        email: row.actorEmail,
        name: row.actorId ? (people.get(row.actorId)?.name ?? null) : null,
      },
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      target: target(row, people, lessons),
      before: row.before,
      after: row.after,
    }),
  )
  return { entries, more }
}
