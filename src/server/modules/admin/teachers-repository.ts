import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { AdminTeacherStatus } from '../../../domain/api/admin-teachers.ts'
import type { Db } from '../../db/client.ts'
import {
  languages,
  levels,
  teacherTaughtLanguages,
  teacherTeachingLanguages,
  users,
} from '../../db/schema.ts'
import { auditLog } from '../../db/schema-admin.ts'
import { lessons } from '../../db/schema-lessons.ts'
import type { User } from '../../platform/sessions.ts'
import { nameOrEmailContains, pageOfUsers, userOfRole } from './people-repository.ts'

// The console's Teachers: the reads behind the list; the writes go through updateUser.

/** The users.status of each status the console shows ('deactivated' is 'inactive' in the table). */
const STORED_STATUS = {
  pending_verification: 'pending_verification',
  active: 'active',
  deactivated: 'inactive',
} as const satisfies Record<AdminTeacherStatus, User['status']>

export type TeacherFilter = {
  status: AdminTeacherStatus | 'all'
  q: string | undefined
  page: number
  perPage: number
}

/** Newest sign-ups first; one row more than a page tells whether another page follows. */
export function findTeachers(db: Db, filter: TeacherFilter): Promise<{ rows: User[]; more: boolean }> {
  return pageOfUsers(
    db,
    'teacher',
    [
      filter.status === 'all' ? undefined : eq(users.status, STORED_STATUS[filter.status]),
      filter.q ? nameOrEmailContains(filter.q) : undefined,
    ],
    filter,
  )
}

export const findTeacher = (db: Db, teacherId: string) => userOfRole(db, 'teacher', teacherId)

/** The teacher's row, locked until the transaction ends. */
export const lockTeacher = (db: Db, teacherId: string) => userOfRole(db, 'teacher', teacherId, { lock: true })

/**
 * taught_languages (product-rules.md "Records and fields") with their names, and the teaching
 * language ids, of several teachers.
 */
export async function findTeachersLanguages(db: Db, teacherIds: string[]) {
  if (teacherIds.length === 0) return { taught: [], teaching: [] }
  const taught = await db
    .select({
      teacherId: teacherTaughtLanguages.teacherId,
      language_id: teacherTaughtLanguages.languageId,
      language: languages.name,
      level_id: teacherTaughtLanguages.levelId,
      level: levels.name,
    })
    .from(teacherTaughtLanguages)
    .innerJoin(languages, eq(languages.id, teacherTaughtLanguages.languageId))
    .innerJoin(levels, eq(levels.id, teacherTaughtLanguages.levelId))
    .where(inArray(teacherTaughtLanguages.teacherId, teacherIds))
    .orderBy(asc(teacherTaughtLanguages.languageId))
  const teaching = await db
    .select({
      teacherId: teacherTeachingLanguages.teacherId,
      languageId: teacherTeachingLanguages.languageId,
    })
    .from(teacherTeachingLanguages)
    .where(inArray(teacherTeachingLanguages.teacherId, teacherIds))
    .orderBy(asc(teacherTeachingLanguages.languageId))
  return { taught, teaching }
}

/** Lessons not cancelled and not yet ended, per teacher, and how many of them LearnCube holds. */
export async function countFutureLessons(db: Db, teacherIds: string[], now: Date) {
  if (teacherIds.length === 0) return []
  return db
    .select({
      teacherId: lessons.teacherId,
      future: sql<number>`count(*)::int`,
      learncube: sql<number>`(count(*) filter (where ${lessons.isLearncube}))::int`,
      first: sql<Date>`min(${lessons.startsAt})`.mapWith(lessons.startsAt),
    })
    .from(lessons)
    .where(and(inArray(lessons.teacherId, teacherIds), isNull(lessons.cancelledAt), gt(lessons.endsAt, now)))
    .groupBy(lessons.teacherId)
}

export const REJECT_ACTION = 'teacher.reject'
export const DEACTIVATE_ACTION = 'teacher.deactivate'

/** The latest rejection or deactivation entry of each teacher (their `after` holds the reason). */
export async function latestDeactivations(db: Db, teacherIds: string[]) {
  if (teacherIds.length === 0) return []
  return db
    .selectDistinctOn([auditLog.targetId], {
      targetId: auditLog.targetId,
      action: auditLog.action,
      at: auditLog.at,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'user'),
        inArray(auditLog.targetId, teacherIds),
        inArray(auditLog.action, [REJECT_ACTION, DEACTIVATE_ACTION]),
      ),
    )
    .orderBy(auditLog.targetId, desc(auditLog.at), desc(auditLog.id))
}
