import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runOpsCommand } from '../../cli/commands.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser } from '../../test-support/fixtures.ts'
import { findUserById } from '../users/repository.ts'

// Operator command `lesson-limits`: the scheduled-lessons limit of a student (product-rules.md
// "Scheduled lessons limit") and the monthly lesson cap of a teacher ("maximum monthly income",
// product-rules.md "Errors").

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const run = (email: string, changes: { scheduled?: number; monthlyCap?: number | null } = {}) =>
  runOpsCommand(t.ctx, { command: 'lesson-limits', email, ...changes })

describe('ops lesson-limits', () => {
  it("prints and changes a student's scheduled-lessons limit", async () => {
    const student = await createUser(t.database.db)
    expect(await run(student.email)).toBe(
      `Current: ${student.email} (student): at most 2 lessons scheduled at once.`,
    )
    expect(await run(student.email, { scheduled: 4 })).toBe(
      `Updated: ${student.email} (student): at most 4 lessons scheduled at once.`,
    )
    expect((await findUserById(t.database.db, student.id))?.scheduledLessonsLimit).toBe(4)
  })

  it("sets and removes a teacher's monthly cap", async () => {
    const teacher = await createUser(t.database.db, { role: 'teacher' })
    expect(await run(teacher.email)).toBe(`Current: ${teacher.email} (teacher): monthly lesson cap none.`)
    expect(await run(teacher.email, { monthlyCap: 40 })).toBe(
      `Updated: ${teacher.email} (teacher): monthly lesson cap 40.`,
    )
    expect((await findUserById(t.database.db, teacher.id))?.monthlyLessonCap).toBe(40)
    expect(await run(teacher.email, { monthlyCap: null })).toMatch('monthly lesson cap none')
    expect((await findUserById(t.database.db, teacher.id))?.monthlyLessonCap).toBeNull()
  })

  it('refuses a flag of the other role, values out of bounds and unknown addresses', async () => {
    const student = await createUser(t.database.db)
    const teacher = await createUser(t.database.db, { role: 'teacher' })
    await expect(run(student.email, { monthlyCap: 10 })).rejects.toThrow('--monthly-cap applies to teachers')
    await expect(run(teacher.email, { scheduled: 3 })).rejects.toThrow('--scheduled applies to students')
    await expect(run(student.email, { scheduled: 0 })).rejects.toThrow('from 1 to 50')
    await expect(run(teacher.email, { monthlyCap: 1001 })).rejects.toThrow('from 1 to 1000')
    await expect(run('nobody@example.com')).rejects.toThrow('No account with the e-mail nobody@example.com.')
    expect((await findUserById(t.database.db, student.id))?.scheduledLessonsLimit).toBe(2)
  })
})
