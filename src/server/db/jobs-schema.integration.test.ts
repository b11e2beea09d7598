import pg from 'pg'
import { getRollbackPlans } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test-support/test-database.ts'
import { installJobsSchema, JOBS_SCHEMA } from './jobs-schema.ts'

// pg-boss's tables come with the migrations, as the owner (docs/decisions.md "The app's database
// roles"): a database whose pg-boss schema an older release installed is migrated to this one's.

let opened: Awaited<ReturnType<typeof openTestDatabase>>
let owner: pg.Client
beforeAll(async () => {
  opened = await openTestDatabase()
  owner = new pg.Client({ connectionString: opened.ownerUrl })
  await owner.connect()
})
afterAll(async () => {
  await owner.end()
  await opened.drop()
})

const versionOf = async () =>
  Number(
    (await owner.query<{ version: string }>(`SELECT version FROM ${JOBS_SCHEMA}.version`)).rows[0]?.version,
  )

describe("pg-boss's schema", () => {
  it("is migrated from an older release's version to this release's, index builds included", async () => {
    const current = await versionOf()
    await owner.query(getRollbackPlans(JOBS_SCHEMA, current))
    expect(await versionOf()).toBe(current - 1)
    await installJobsSchema(owner)
    expect(await versionOf()).toBe(current)
    await installJobsSchema(owner)
    expect(await versionOf()).toBe(current)
  })
})
