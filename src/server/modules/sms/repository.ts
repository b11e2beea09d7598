import { aliasedTable, and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { languages, users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { type SmsKind, type SmsState, smsMessages, smsStops } from '../../db/schema-sms.ts'

// SMS's SQL (docs/decisions.md "All SQL in repositories"): the messages, the caps, the stops, and
// what a lesson's SMS says.

/** What the gateway was handed (or may have been): these count towards the daily caps. */
const COUNTED: SmsState[] = ['sending', 'sent', 'delivered', 'failed']

export type SmsRecipient = {
  id: string
  phoneNumber: string | null
  locale: 'pl' | 'en'
  smsOn: boolean
}

export async function findRecipient(db: Db, userId: string): Promise<SmsRecipient | null> {
  const [row] = await db
    .select({
      id: users.id,
      phoneNumber: users.phoneNumber,
      locale: users.locale,
      smsOn: users.smsNotificationsEnabled,
    })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? null
}

/** A lesson as its SMS tells it. */
export async function findSmsLesson(db: Db, lessonId: string) {
  const [row] = await db
    .select({
      id: lessons.id,
      startsAt: lessons.startsAt,
      cancelledAt: lessons.cancelledAt,
      cancelledBy: lessons.cancelledBy,
      teacherId: lessons.teacherId,
      studentId: lessons.studentId,
      language: { name: languages.name, genitivePl: languages.conjugatedName },
    })
    .from(lessons)
    .innerJoin(languages, eq(languages.id, lessons.languageId))
    .where(eq(lessons.id, lessonId))
  return row ?? null
}

/** One claim at a time across every process, so the daily caps hold under any concurrency. */
export async function lockSmsCaps(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lektorium sms caps'))`)
}

export async function findMessage(db: Db, key: string) {
  const [row] = await db.select().from(smsMessages).where(eq(smsMessages.key, key))
  return row ?? null
}

/** SMS handed to the gateway since `since`, the user's and the school's, leaving `key` out. */
export async function countSince(tx: Db, userId: string, since: Date, key: string) {
  const counted = and(
    inArray(smsMessages.state, COUNTED),
    gte(smsMessages.createdAt, since),
    ne(smsMessages.key, key),
  )
  const [row] = await tx
    .select({
      school: sql<number>`count(*)::int`,
      user: sql<number>`(count(*) filter (where ${smsMessages.userId} = ${userId}))::int`,
    })
    .from(smsMessages)
    .where(counted)
  return { school: row?.school ?? 0, user: row?.user ?? 0 }
}

export type MessageValues = {
  key: string
  kind: SmsKind
  userId: string
  lessonId: string | null
  toNumber: string
  body: string
  encoding: 'gsm7' | 'ucs2'
  segments: number
  provider: 'smsapi' | 'twilio'
}

/** Writes the message as `state` (a new one, or one retried or held back before), returning its id. */
export async function saveMessage(
  tx: Db,
  values: MessageValues,
  state: SmsState,
  extra: { reason: string | null; claimedUntil: Date | null; now: Date },
): Promise<string> {
  const attempt = state === 'sending' ? 1 : 0
  const [row] = await tx
    .insert(smsMessages)
    .values({
      ...values,
      state,
      reason: extra.reason,
      claimedUntil: extra.claimedUntil,
      attempts: attempt,
      createdAt: extra.now,
      stateAt: extra.now,
    })
    .onConflictDoUpdate({
      target: smsMessages.key,
      set: {
        toNumber: values.toNumber,
        body: values.body,
        encoding: values.encoding,
        segments: values.segments,
        state,
        reason: extra.reason,
        claimedUntil: extra.claimedUntil,
        attempts: sql`${smsMessages.attempts} + ${attempt}`,
        // A message counts for the day it was handed over.
        createdAt: state === 'sending' ? extra.now : smsMessages.createdAt,
        stateAt: extra.now,
      },
    })
    .returning({ id: smsMessages.id })
  if (!row) throw new Error('saving an SMS returned no row')
  return row.id
}

export async function markMessage(
  db: Db,
  id: string,
  change: { state: SmsState; reason?: string | null; providerMessageId?: string; sentAt?: Date },
  now: Date,
): Promise<void> {
  await db
    .update(smsMessages)
    .set({ ...change, claimedUntil: null, stateAt: now })
    .where(eq(smsMessages.id, id))
}

/**
 * A gateway's report: the message it names moves to delivered or failed (a report of a message
 * already delivered or failed changes nothing). The message's user and number, when it moved.
 */
export async function reportMessage(
  db: Db,
  where: { provider: 'smsapi' | 'twilio'; providerMessageId: string },
  change: { state: 'delivered' | 'failed'; reason: string | null },
  now: Date,
) {
  const [row] = await db
    .update(smsMessages)
    .set({ state: change.state, reason: change.reason, stateAt: now })
    .where(
      and(
        eq(smsMessages.provider, where.provider),
        eq(smsMessages.providerMessageId, where.providerMessageId),
        inArray(smsMessages.state, ['sending', 'sent']),
      ),
    )
    .returning({ userId: smsMessages.userId, toNumber: smsMessages.toNumber })
  return row ?? null
}

/**
 * The number failed for good: the user's SMS are turned off (if the number is still theirs) and
 * the stop is kept for the profile's notice. Whether SMS was turned off now.
 */
export async function stopSms(tx: Db, userId: string, number: string, reason: string, now: Date) {
  const turnedOff = await tx
    .update(users)
    .set({ smsNotificationsEnabled: false })
    .where(and(eq(users.id, userId), eq(users.smsNotificationsEnabled, true)))
    .returning({ id: users.id, phoneNumber: users.phoneNumber })
  if (turnedOff.length === 0) return false
  await tx
    .insert(smsStops)
    .values({ userId, number, reason, stoppedAt: now })
    .onConflictDoUpdate({ target: smsStops.userId, set: { number, reason, stoppedAt: now } })
  return true
}

export async function findStop(db: Db, userId: string) {
  const [row] = await db.select().from(smsStops).where(eq(smsStops.userId, userId))
  return row ?? null
}

/** The user switches SMS on or off; switching on clears a stop (they checked their number). */
export async function switchSms(tx: Db, userId: string, enabled: boolean): Promise<void> {
  await tx.update(users).set({ smsNotificationsEnabled: enabled }).where(eq(users.id, userId))
  if (enabled) await tx.delete(smsStops).where(eq(smsStops.userId, userId))
}

const recipient = aliasedTable(users, 'recipient')

/** The newest messages first (`ops sms`, a lesson in the console). */
export async function recentMessages(db: Db, options: { lessonId?: string; limit: number }) {
  return db
    .select({
      id: smsMessages.id,
      kind: smsMessages.kind,
      lessonId: smsMessages.lessonId,
      toNumber: smsMessages.toNumber,
      email: recipient.email,
      userId: smsMessages.userId,
      state: smsMessages.state,
      reason: smsMessages.reason,
      provider: smsMessages.provider,
      segments: smsMessages.segments,
      encoding: smsMessages.encoding,
      body: smsMessages.body,
      createdAt: smsMessages.createdAt,
      sentAt: smsMessages.sentAt,
      stateAt: smsMessages.stateAt,
    })
    .from(smsMessages)
    .innerJoin(recipient, eq(recipient.id, smsMessages.userId))
    .where(options.lessonId ? eq(smsMessages.lessonId, options.lessonId) : undefined)
    .orderBy(desc(smsMessages.createdAt))
    .limit(options.limit)
}
