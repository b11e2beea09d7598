import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { sessions } from '../../db/schema.ts'
import { operatorRecoveryCodes, operatorSecondFactors } from '../../db/schema-admin.ts'

// The operators' second factor's SQL (docs/decisions.md "All SQL in repositories"): the sealed
// secret and its last accepted step, the recovery codes' hashes, and the session's pass
// (sessions.second_factor_at). What a code proves is second-factor.ts's rule.

/** When the operator's second factor was enabled (null: enrolment not confirmed; undefined: none). */
export async function secondFactorEnabledAt(db: Db, userId: string): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ enabledAt: operatorSecondFactors.enabledAt })
    .from(operatorSecondFactors)
    .where(eq(operatorSecondFactors.userId, userId))
  return row?.enabledAt
}

/** A new sealed secret, not enabled, its last step forgotten. */
export async function saveEnrolmentSecret(db: Db, userId: string, sealed: string, now: Date): Promise<void> {
  await db
    .insert(operatorSecondFactors)
    .values({ userId, secretSealed: sealed })
    .onConflictDoUpdate({
      target: operatorSecondFactors.userId,
      set: { secretSealed: sealed, lastStep: null, createdAt: now },
    })
}

/** The operator's second factor, locked until the transaction ends (a step is accepted once). */
export async function lockSecondFactor(tx: Db, userId: string) {
  const [row] = await tx
    .select()
    .from(operatorSecondFactors)
    .where(eq(operatorSecondFactors.userId, userId))
    .for('update')
  return row
}

/** The time step of the last accepted code. */
export async function saveLastStep(tx: Db, userId: string, step: number): Promise<void> {
  await tx
    .update(operatorSecondFactors)
    .set({ lastStep: step })
    .where(eq(operatorSecondFactors.userId, userId))
}

export async function enableSecondFactor(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(operatorSecondFactors)
    .set({ enabledAt: now })
    .where(eq(operatorSecondFactors.userId, userId))
}

/** The operator's recovery codes are these (their hashes) from now on. */
export async function replaceRecoveryCodes(tx: Db, userId: string, codeHashes: string[]): Promise<void> {
  await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId))
  await tx.insert(operatorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })))
}

/** Uses up the unused recovery code of this hash; whether there was one. */
export async function spendRecoveryCode(
  tx: Db,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const used = await tx
    .update(operatorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(operatorRecoveryCodes.userId, userId),
        eq(operatorRecoveryCodes.codeHash, codeHash),
        isNull(operatorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: operatorRecoveryCodes.id })
  return used.length > 0
}

/** This session has passed the second factor. */
export const markSession = (db: Db, sessionId: string, now: Date) =>
  db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId))

/** Whether this operator session has passed the second factor (read fresh: no cache holds it). */
export async function sessionPassedSecondFactor(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: sessions.secondFactorAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
  return row?.at != null
}

/** Whether the operator has said the recovery codes are kept. */
export async function recoveryCodesKept(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: operatorSecondFactors.codesKeptAt })
    .from(operatorSecondFactors)
    .where(eq(operatorSecondFactors.userId, userId))
  return row?.at != null
}

/** The operator keeps the recovery codes from now on. */
export async function markCodesKept(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(operatorSecondFactors)
    .set({ codesKeptAt: now })
    .where(eq(operatorSecondFactors.userId, userId))
}

/** Whether this session opens the console: it passed the second factor, and the codes are kept. */
export async function sessionOpensConsole(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ kept: operatorSecondFactors.codesKeptAt })
    .from(sessions)
    .innerJoin(operatorSecondFactors, eq(operatorSecondFactors.userId, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNotNull(sessions.secondFactorAt)))
  return row?.kept != null
}
