import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { serverSecrets } from '../db/schema-room.ts'

// Secrets every process of one database must share (the room token's key, signed file URLs of a
// bucket, web push's VAPID keys, the operators' TOTP sealing key): generated once by whichever
// process asks first and kept in `server_secrets`, so a restart or another node signs and checks
// alike. Two processes asking at once both offer a value; the first insert wins and both read it.

/** The stored secret `name`, made by `generate` (only used if none is stored yet). */
export async function sharedSecret(db: Db, name: string, generate: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: generate() }).onConflictDoNothing()
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name))
  if (!row) throw new Error(`the server secret ${name} could not be stored`)
  return row.value
}
