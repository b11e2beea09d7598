import pg from 'pg'
import { ensureRoles } from '../db/roles.ts'

// The integration tests run as the app runs (docs/decisions.md "The app's database roles"): each
// test file's database is owned by a role like the app's owner and used by a role like the app's
// pool, neither a superuser. Test roles of their own, so a test run never changes the roles of an
// embedded database that shares the cluster; one password for both, on a test cluster only.

export const TEST_OWNER_ROLE = 'lektorium_test_owner'
export const TEST_APP_ROLE = 'lektorium_test_app'
const TEST_ROLE_PASSWORD = 'lektorium-test-role'

/** Creates the two test roles on the test run's PostgreSQL (once per run, through its admin URL). */
export async function createTestRoles(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    // Two runs on one cluster may create them at the same moment: one waits for the other.
    await client.query('SELECT pg_advisory_lock(7150313)')
    await ensureRoles(client, () => TEST_ROLE_PASSWORD, [TEST_OWNER_ROLE, TEST_APP_ROLE])
  } finally {
    await client.end()
  }
}

/** `database` on the admin URL's server, as `role`. */
export function testRoleUrl(adminUrl: string, database: string, role: string): string {
  const url = new URL(adminUrl)
  url.username = role
  url.password = TEST_ROLE_PASSWORD
  url.pathname = `/${database}`
  return url.toString()
}
