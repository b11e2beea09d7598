import { Readable } from 'node:stream'
import { inArray } from 'drizzle-orm'
import type { ServiceContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { demoAvatar } from './avatar.ts'

type PictureContext = Pick<ServiceContext, 'storage'>

/** The e-mails of `emails` that have no account yet (only those get a new picture). */
export async function newDemoEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))
  const taken = new Set(existing.map((row) => row.email))
  return new Set(emails.filter((email) => !taken.has(email)))
}

/**
 * Stores a generated avatar for each e-mail, before the seed's transaction (no slow I/O inside
 * one); returns e-mail → storage key.
 */
export async function storeDemoPictures(ctx: PictureContext, emails: string[]): Promise<Map<string, string>> {
  const keys = new Map<string, string>()
  for (const [index, email] of emails.entries()) {
    const stored = await ctx.storage.put(Readable.from([demoAvatar(index)]), 'picture')
    keys.set(email, stored.key)
  }
  return keys
}
