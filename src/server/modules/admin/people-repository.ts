import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import type { User } from '../../platform/sessions.ts'

// The reads the console's Students and Teachers share: the text search, a page of
// users, and one user of a role.

/** `q` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Name or e-mail containing `q`, case-insensitively ("Anna Nowak" matches the full name too). */
export function nameOrEmailContains(q: string): SQL | undefined {
  const pattern = containsPattern(q)
  return or(
    sql`${users.email} ilike ${pattern}`,
    sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') ilike ${pattern}`,
    sql`coalesce(${users.lastName}, '') || ' ' || coalesce(${users.firstName}, '') ilike ${pattern}`,
  )
}

/**
 * Users of `role` matching `where`, newest accounts first; one row more than a page tells whether
 * another page follows.
 */
export async function pageOfUsers(
  db: Db,
  role: User['role'],
  where: (SQL | undefined)[],
  page: { page: number; perPage: number },
): Promise<{ rows: User[]; more: boolean }> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.role, role), ...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.perPage + 1)
    .offset((page.page - 1) * page.perPage)
  return { rows: rows.slice(0, page.perPage), more: rows.length > page.perPage }
}

/** The user `id` when it has `role`; with `lock`, its row locked until the transaction ends. */
export async function userOfRole(
  db: Db,
  role: User['role'],
  id: string,
  options: { lock?: boolean } = {},
): Promise<User | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, role)))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}
