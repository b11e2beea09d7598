import { asc, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { languages, levels, specializations } from '../../db/schema.ts'

export const findLanguages = (db: Db) =>
  db
    .select({
      id: languages.id,
      name: languages.name,
      name_pl: languages.namePl,
      conjugated_name: languages.conjugatedName,
    })
    .from(languages)

/**
 * A language's id and both names (Language, product-rules.md "Records and fields"), to select
 * beside a row that names it.
 */
export const languageNames = { id: languages.id, name: languages.name, namePl: languages.namePl }

/** The API's language of a lesson: both names, each screen shows the one of its language. */
export const languageRef = (language: { id: number; name: string; namePl: string }) => ({
  id: language.id,
  name: language.name,
  name_pl: language.namePl,
})

export const findLevels = (db: Db) =>
  db.select({ id: levels.id, name: levels.name }).from(levels).orderBy(asc(levels.rank), asc(levels.id))

export const findSpecializations = (db: Db) =>
  db
    .select({ id: specializations.id, name: specializations.name, name_pl: specializations.namePl })
    .from(specializations)
    .orderBy(asc(specializations.id))

/** Which of the given ids exist in each dictionary (one query per dictionary asked about). */
export async function findExistingIds(
  db: Db,
  ids: { language: number[]; level: number[]; specialization: number[] },
): Promise<{ language: Set<number>; level: Set<number>; specialization: Set<number> }> {
  const existing = async (
    table: typeof languages | typeof levels | typeof specializations,
    wanted: number[],
  ) =>
    wanted.length === 0
      ? new Set<number>()
      : new Set(
          (await db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((r) => r.id),
        )
  return {
    language: await existing(languages, ids.language),
    level: await existing(levels, ids.level),
    specialization: await existing(specializations, ids.specialization),
  }
}
