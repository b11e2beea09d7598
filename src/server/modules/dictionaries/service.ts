import type { Language, Level, Specialization } from '../../../domain/api/dictionaries.ts'
import type { ServiceContext } from '../../context.ts'
import { findLanguages, findLevels, findSpecializations } from './repository.ts'

// Polish alphabetical order (ł after l, ś after s) whatever the database's collation is.
const polish = new Intl.Collator('pl')

/**
 * Language (product-rules.md "Records and fields"), sorted by the Polish name the interface shows
 * first.
 */
export async function listLanguages(ctx: Pick<ServiceContext, 'db'>): Promise<Language[]> {
  const rows = await findLanguages(ctx.db)
  return rows.sort((a, b) => polish.compare(a.name_pl, b.name_pl))
}

/** Level (product-rules.md "Records and fields"), A1 to C2. */
export const listLevels = (ctx: Pick<ServiceContext, 'db'>): Promise<Level[]> => findLevels(ctx.db)

/**
 * Specialization (product-rules.md "Records and fields"), in the order the rules list them (the
 * order they were added).
 */
export const listSpecializations = (ctx: Pick<ServiceContext, 'db'>): Promise<Specialization[]> =>
  findSpecializations(ctx.db)
