import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  studentLearnedLanguages,
  teacherSpecializations,
  teacherTaughtLanguages,
  teacherTeachingLanguages,
} from '../../db/schema.ts'

/**
 * Teacher languages payload (product-rules.md "Records and fields"), as validated (one row per
 * language and per pair).
 */
export type TeacherLanguages = {
  taught_languages: { language_id: number; level_id: number }[]
  teaching_languages: number[]
  language_specializations: { specialization_id: number; language_id: number }[]
}

/** Replaces a teacher's languages; run it inside the transaction that saves the rest. */
export async function replaceTeacherLanguages(
  db: Db,
  teacherId: string,
  input: TeacherLanguages,
): Promise<void> {
  await db.delete(teacherSpecializations).where(eq(teacherSpecializations.teacherId, teacherId))
  await db.delete(teacherTaughtLanguages).where(eq(teacherTaughtLanguages.teacherId, teacherId))
  await db.delete(teacherTeachingLanguages).where(eq(teacherTeachingLanguages.teacherId, teacherId))
  const { taught_languages: taught, teaching_languages: teaching, language_specializations: pairs } = input
  if (taught.length > 0) {
    await db
      .insert(teacherTaughtLanguages)
      .values(taught.map((row) => ({ teacherId, languageId: row.language_id, levelId: row.level_id })))
  }
  if (teaching.length > 0) {
    await db
      .insert(teacherTeachingLanguages)
      .values(teaching.map((languageId) => ({ teacherId, languageId })))
  }
  if (pairs.length > 0) {
    await db.insert(teacherSpecializations).values(
      pairs.map((row) => ({
        teacherId,
        languageId: row.language_id,
        specializationId: row.specialization_id,
      })),
    )
  }
}

/**
 * Student learned languages (product-rules.md "Records and fields"): the student's list becomes
 * `languageIds`.
 */
export async function replaceLearnedLanguages(
  db: Db,
  studentId: string,
  languageIds: number[],
): Promise<void> {
  await db.delete(studentLearnedLanguages).where(eq(studentLearnedLanguages.studentId, studentId))
  if (languageIds.length === 0) return
  await db
    .insert(studentLearnedLanguages)
    .values(languageIds.map((languageId) => ({ studentId, languageId })))
}
