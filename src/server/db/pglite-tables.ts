import type pg from 'pg'

// The generic copy behind pglite-import.ts: every table of the public schema, parents before the
// tables whose foreign keys point at them, in batches of JSON rows that PostgreSQL turns back into
// typed rows (json_populate_recordset, by column name); then each serial column's sequence moves
// past the copied ids. Source and target carry the same migrations, hence the same tables.

export type Source = { query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> }

const BATCH = 2000

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

const text = (value: unknown): string => {
  if (typeof value !== 'string') throw new Error(`expected text, got ${typeof value}`)
  return value
}

/** Tables of the public schema, each after the tables it references. */
async function tablesInOrder(source: Source): Promise<string[]> {
  const tables = (
    await source.query(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
    )
  ).map((row) => text(row.name))
  const references = await source.query(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint co
     JOIN pg_class child ON child.oid = co.conrelid JOIN pg_class parent ON parent.oid = co.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE co.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`,
  )
  const parents = new Map(tables.map((table) => [table, new Set<string>()]))
  for (const row of references) parents.get(text(row.child))?.add(text(row.parent))
  const ordered: string[] = []
  while (parents.size > 0) {
    const ready = [...parents].filter(([, of]) => [...of].every((p) => !parents.has(p))).map(([t]) => t)
    if (ready.length === 0)
      throw new Error(`foreign keys form a cycle among ${[...parents.keys()].join(', ')}`)
    for (const table of ready) {
      ordered.push(table)
      parents.delete(table)
    }
  }
  return ordered
}

async function copyTable(source: Source, target: pg.Client, table: string): Promise<number> {
  const [counted] = await source.query(`SELECT count(*)::int AS n FROM ${quote(table)}`)
  const total = Number(counted?.n ?? 0)
  for (let offset = 0; offset < total; offset += BATCH) {
    // ctid order: stable in a database nobody writes to.
    const [batch] = await source.query(
      `SELECT json_agg(t)::text AS rows FROM (SELECT * FROM ${quote(table)} ORDER BY ctid LIMIT ${BATCH} OFFSET ${offset}) t`,
    )
    await target.query(
      `INSERT INTO ${quote(table)} SELECT * FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`,
      [text(batch?.rows)],
    )
  }
  const copied = await target.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(table)}`)
  if (copied.rows[0]?.n !== total) {
    throw new Error(`${table}: ${total} rows in PGlite, ${copied.rows[0]?.n} after the copy`)
  }
  return total
}

/** Serial columns continue after the highest copied id. */
async function advanceSequences(target: pg.Client): Promise<void> {
  const serials = await target.query<{ table: string; column: string }>(
    `SELECT table_name AS table, column_name AS column FROM information_schema.columns
     WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`,
  )
  for (const { table, column } of serials.rows) {
    await target.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(column)}), 0) + 1, false) FROM ${quote(table)}`,
      [quote(table), column],
    )
  }
}

/** Copies every table's rows from `source` into `target` (inside the caller's transaction). */
export async function copyTables(
  source: Source,
  target: pg.Client,
): Promise<{ tables: number; rows: number }> {
  const tables = await tablesInOrder(source)
  let rows = 0
  for (const table of tables) rows += await copyTable(source, target, table)
  await advanceSequences(target)
  return { tables: tables.length, rows }
}
