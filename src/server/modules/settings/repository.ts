import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { serverAnnouncements, settings } from '../../db/schema.ts'

export type SettingsRow = typeof settings.$inferSelect
export type SettingsValues = Pick<
  SettingsRow,
  | 'banDuration'
  | 'cancellationEarliness'
  | 'lessonEarlinessCondition'
  | 'firstReminderMinutes'
  | 'secondReminderMinutes'
  | 'recordingLessonMaxMb'
  | 'recordingDayMaxMb'
  | 'smsDailyUserMax'
  | 'smsDailySchoolMax'
  | 'recapDailyMax'
  | 'recapPublishAfterHours'
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

// E-mailed links of the operator commands use the address the running server announces
// (docs/decisions.md "Invitation links until the password is set; links of operator commands from
// the server's address"), never a default of the command's own environment.

const PUBLIC_URL = 'public_url'

/** Written by the server at every start: the PUBLIC_URL (or its default) people open it at. */
export async function announcePublicUrl(db: Db, publicUrl: string, now: Date): Promise<void> {
  await db
    .insert(serverAnnouncements)
    .values({ name: PUBLIC_URL, value: publicUrl, updatedAt: now })
    .onConflictDoUpdate({
      target: serverAnnouncements.name,
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
    })
}

/** The address the server last announced, or null when no server has started on this database. */
export async function announcedPublicUrl(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ value: serverAnnouncements.value })
    .from(serverAnnouncements)
    .where(eq(serverAnnouncements.name, PUBLIC_URL))
  return row?.value ?? null
}
