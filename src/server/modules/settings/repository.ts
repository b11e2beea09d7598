import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { settings } from '../../db/schema.ts'

export type SettingsRow = typeof settings.$inferSelect
export type SettingsValues = Pick<
  SettingsRow,
  | 'banDuration'
  | 'cancellationEarliness'
  | 'lessonEarlinessCondition'
  | 'firstReminderMinutes'
  | 'secondReminderMinutes'
>

export async function findSettings(
  db: Db,
  options?: { forUpdate: boolean },
): Promise<SettingsRow | undefined> {
  const query = db.select().from(settings).where(eq(settings.id, 1))
  const [row] = options?.forUpdate ? await query.for('update') : await query
  return row
}

/** The single settings row (id 1); a missing row is created. */
export async function saveSettings(db: Db, values: SettingsValues, now: Date): Promise<SettingsRow> {
  const [row] = await db
    .insert(settings)
    .values({ id: 1, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: settings.id, set: { ...values, updatedAt: now } })
    .returning()
  if (!row) throw new Error('upsert returned no row')
  return row
}

/** Creates the row with defaults unless it exists (seed). */
export async function ensureSettings(db: Db, values: SettingsValues): Promise<void> {
  await db
    .insert(settings)
    .values({ id: 1, ...values })
    .onConflictDoNothing()
}
