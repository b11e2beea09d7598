import { asc } from 'drizzle-orm'
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

export const findLevels = (db: Db) =>
  db.select({ id: levels.id, name: levels.name }).from(levels).orderBy(asc(levels.rank), asc(levels.id))

export const findSpecializations = (db: Db) =>
  db
    .select({ id: specializations.id, name: specializations.name, name_pl: specializations.namePl })
    .from(specializations)
    .orderBy(asc(specializations.id))
