import { createHmac } from 'node:crypto'
import type pg from 'pg'
import { JOBS_SCHEMA } from './jobs-schema.ts'

// The app's two database roles (docs/decisions.md "The app's database roles"): the owner runs
// the migrations and owns every table; the pool's role may read and write rows, never change the
// schema, and may only add to the audit log. The embedded default makes both roles itself, as its
// superuser; an external PostgreSQL gets them from its operator (docs/deploy.md).

export const OWNER_ROLE = 'lektorium_owner'
export const APP_ROLE = 'lektorium_app'
/** Tables whose rows the app may add and read but never change or delete. */
export const APPEND_ONLY_TABLES = ['audit_log']

type Queryable = Pick<pg.ClientBase, 'query' | 'escapeIdentifier' | 'escapeLiteral'>

/**
 * A role's password on the embedded cluster, derived from its superuser's password (kept in
 * DATA_DIR): every process on the same DATA_DIR reaches the roles, and no other file holds a secret.
 */
export const rolePassword = (superuserPassword: string, role: string): string =>
  createHmac('sha256', superuserPassword).update(`lektorium database role ${role}`).digest('base64url')

/**
 * As the embedded cluster's superuser: both roles exist, may log in with their derived passwords,
 * and hold no power beyond their rights (put back at every start, whatever was changed by hand).
 */
export async function ensureRoles(
  client: Queryable,
  passwordOf: (role: string) => string,
  roles: string[] = [OWNER_ROLE, APP_ROLE],
): Promise<void> {
  for (const role of roles) {
    const found = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])
    if (found.rowCount === 0) await client.query(`CREATE ROLE ${client.escapeIdentifier(role)}`)
    await client.query(
      `ALTER ROLE ${client.escapeIdentifier(role)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${client.escapeLiteral(passwordOf(role))}`,
    )
  }
}

/** Objects of this database still owned by the role $1, outside the system's schemas and extensions. */
const OWNED_OBJECTS = `
  WITH mine AS (SELECT oid FROM pg_roles WHERE rolname = $1),
  own_schemas AS (
    SELECT oid, nspname, nspowner FROM pg_namespace
    WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
  ),
  extension_members AS (SELECT objid FROM pg_depend WHERE deptype = 'e')
  SELECT 'SCHEMA' AS kind, quote_ident(n.nspname) AS name FROM own_schemas n
    WHERE n.nspowner = (SELECT oid FROM mine) AND n.oid NOT IN (SELECT objid FROM extension_members)
  UNION ALL
  SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE'
                        WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
         c.oid::regclass::text
    FROM pg_class c JOIN own_schemas n ON n.oid = c.relnamespace
    WHERE c.relowner = (SELECT oid FROM mine) AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
      AND c.oid NOT IN (SELECT objid FROM extension_members)
      -- A sequence of a serial or identity column follows its table.
      AND NOT (c.relkind = 'S' AND EXISTS (
        SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.classid = 'pg_class'::regclass
          AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')))
  UNION ALL
  SELECT CASE p.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END,
         p.oid::regprocedure::text
    FROM pg_proc p JOIN own_schemas n ON n.oid = p.pronamespace
    WHERE p.proowner = (SELECT oid FROM mine) AND p.oid NOT IN (SELECT objid FROM extension_members)
  UNION ALL
  SELECT 'TYPE', t.oid::regtype::text
    FROM pg_type t JOIN own_schemas n ON n.oid = t.typnamespace
    WHERE t.typowner = (SELECT oid FROM mine) AND t.typtype IN ('e', 'd', 'r')
      AND t.oid NOT IN (SELECT objid FROM extension_members)
`

/**
 * As the superuser, on the app's database: the database and everything in it that the superuser
 * owns (a database of the superuser era) pass to the owner, in one transaction. REASSIGN OWNED
 * cannot do it: PostgreSQL refuses it for the bootstrap superuser. Returns how many objects moved.
 */
export async function handOverTo(client: Queryable, superuser: string): Promise<number> {
  const owner = client.escapeIdentifier(OWNER_ROLE)
  const database = await client.query<{ owner: string; name: string }>(
    'SELECT datdba::regrole::text AS owner, current_database() AS name FROM pg_database WHERE datname = current_database()',
  )
  const { rows } = await client.query<{ kind: string; name: string }>(OWNED_OBJECTS, [superuser])
  const databaseMoves = database.rows[0]?.owner !== OWNER_ROLE
  if (!databaseMoves && rows.length === 0) return 0
  await client.query('BEGIN')
  try {
    if (databaseMoves) {
      await client.query(
        `ALTER DATABASE ${client.escapeIdentifier(database.rows[0]?.name ?? '')} OWNER TO ${owner}`,
      )
    }
    for (const object of rows) await client.query(`ALTER ${object.kind} ${object.name} OWNER TO ${owner}`)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  }
  return rows.length
}

export type Role = { name: string; superuser: boolean }

/** Who a connection is, and whether it is a superuser. */
export async function roleOf(client: Pick<pg.ClientBase, 'query'>): Promise<Role> {
  const { rows } = await client.query<Role>(
    'SELECT current_user AS name, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user',
  )
  const [role] = rows
  if (!role) throw new Error('The database does not know the role this connection runs as.')
  return role
}

/**
 * As the owner, after every migration run: the pool's role may use the rows of the app's tables
 * and of the job queue (tables made later included) and read which migrations ran; on the
 * append-only tables it may only add and read.
 */
export async function grantAppRights(client: Queryable, appRole: string): Promise<void> {
  const app = client.escapeIdentifier(appRole)
  const schemas = `public, ${JOBS_SCHEMA}`
  for (const statement of [
    `GRANT USAGE ON SCHEMA ${schemas}, drizzle TO ${app}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schemas} TO ${app}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schemas} TO ${app}`,
    `GRANT SELECT ON drizzle.__drizzle_migrations TO ${app}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schemas} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schemas} GRANT USAGE, SELECT ON SEQUENCES TO ${app}`,
    ...APPEND_ONLY_TABLES.map(
      (table) => `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${table} FROM ${app}, PUBLIC`,
    ),
  ]) {
    await client.query(statement)
  }
}
