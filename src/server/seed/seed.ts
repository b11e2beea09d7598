import { count } from 'drizzle-orm'
import type { ServiceContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { languages, levels, specializations, users } from '../db/schema.ts'
import { ensureSettings } from '../modules/settings/repository.ts'
import { DEFAULT_SETTINGS } from '../modules/settings/service.ts'
import { ensureDemoLessonNow } from './demo-lesson-now.ts'
import { insertDemoUsers } from './demo-users.ts'
import { LANGUAGES, LEVELS, SPECIALIZATIONS } from './dictionaries.ts'

/**
 * Languages, levels, specializations (product-rules.md "Records and fields") and the settings row;
 * safe to run again.
 */
export async function seedDictionaries(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(languages)
      .values([...LANGUAGES])
      .onConflictDoNothing()
    await tx
      .insert(levels)
      .values(LEVELS.map((name, i) => ({ name, rank: i + 1 })))
      .onConflictDoNothing()
    await tx
      .insert(specializations)
      .values([...SPECIALIZATIONS])
      .onConflictDoNothing()
    await ensureSettings(tx, DEFAULT_SETTINGS)
  })
}

/** Dictionaries plus the demo accounts; accounts that exist already are left alone. */
export async function seedDemoData(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'config' | 'storage' | 'log'>,
): Promise<{ created: number }> {
  await seedDictionaries(ctx.db)
  return insertDemoUsers(ctx, ctx.clock.now(), ctx.config.partnerCompanyName)
}

/**
 * At start: dictionaries always; demo accounts only into a database without users; and with
 * demo data, a lesson of the demo student Piotr that can be joined now.
 */
export async function seedOnStart(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'config' | 'storage' | 'log'>,
): Promise<{ demoAccountsCreated: number }> {
  await seedDictionaries(ctx.db)
  if (!ctx.config.demoData) return { demoAccountsCreated: 0 }
  const [row] = await ctx.db.select({ users: count() }).from(users)
  const created =
    (row?.users ?? 0) > 0
      ? 0
      : (await insertDemoUsers(ctx, ctx.clock.now(), ctx.config.partnerCompanyName)).created
  const lessonNow = await ensureDemoLessonNow(ctx)
  if (lessonNow === 'added') ctx.log.info({ student: 'piotr.wisniewski' }, 'demo lesson starting now added')
  return { demoAccountsCreated: created }
}
