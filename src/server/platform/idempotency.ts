import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../domain/api/lessons.ts'
import type { ServiceContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { AppError } from './errors.ts'
import { deleteKeysBefore, insertKey, saveAnswer, storedAnswer } from './idempotency-repository.ts'
import { decodeIssue, englishIssue } from './issue-english.ts'

// architecture.md "API": a write sent with an `Idempotency-Key` returns its first answer when
// retried and changes nothing again. The key's row is inserted first in the write's own
// transaction and receives the answer at its end, so the row commits atomically with the write:
// a concurrent retry blocks on the primary key until the first commits, then replays its answer.
// A failed write (any error) rolls the row back with it, so a retry after a refusal runs again.

export type WriteAnswer<T> = { status: number; body: T }
export type IdempotentAnswer<T> = WriteAnswer<T> & { replayed: boolean }

/**
 * Who sends which request: the key is per user; scope is e.g. `POST /lessons/create`. `body` is
 * the validated input, never the raw body: unknown members (of any depth) must not reach the hash.
 */
export type IdempotentRequest = { userId: string; key: string | undefined; scope: string; body: unknown }

const RETENTION_MS = 24 * 60 * 60 * 1000
const PURGE_EVERY_MS = 60 * 60 * 1000
const lastPurge = new WeakMap<Db, number>()

/** The request's `Idempotency-Key`, if any; a malformed one is a 400 (never ignored). */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER]
  if (raw === undefined) return undefined
  const result = v.safeParse(idempotencyKeySchema, raw)
  if (result.success) return result.output
  const message = englishIssue(decodeIssue('invalid'))
  throw new AppError('validation_failed', {
    errors: [{ field: 'Idempotency-Key', message, code: 'invalid' }],
  })
}

/** Sends a write's answer; a replayed one is marked with `Idempotent-Replayed: true`. */
export function sendAnswer<T>(reply: FastifyReply, answer: IdempotentAnswer<T>): FastifyReply {
  if (answer.replayed) reply.header('idempotent-replayed', 'true')
  return reply.status(answer.status).send(answer.body)
}

/** JSON with object keys sorted at every level: equal bodies hash alike whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

export const requestHash = (body: unknown): string =>
  createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex')

/** Thrown inside the transaction when the key's row exists (or is being written) already. */
class KeyTaken extends Error {}

/**
 * Runs `write` in one transaction (inside it use `tx` only). With a key, the first answer is
 * stored with the write and every later request with that key gets it back (`replayed`); the same
 * key with another body or scope is 422 `idempotency_key_reused`.
 */
export async function idempotentWrite<T>(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'log'>,
  request: IdempotentRequest,
  answerSchema: v.GenericSchema<unknown, T>,
  write: (tx: Db) => Promise<WriteAnswer<T>>,
): Promise<IdempotentAnswer<T>> {
  const { key } = request
  if (key === undefined) return { ...(await ctx.db.transaction((tx) => write(tx))), replayed: false }
  const hash = requestHash(request.body)
  // A key whose first request rolled back is free again; a few rounds settle any such race.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.clock.now()
    try {
      const answer = await ctx.db.transaction(async (tx) => {
        await claimKey(tx, { ...request, key, hash, now })
        const written = await write(tx)
        await saveAnswer(tx, { userId: request.userId, key }, written)
        return written
      })
      await purgeOldKeys(ctx, now)
      return { ...answer, replayed: false }
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error
    }
    const stored = await storedAnswer(ctx.db, request.userId, key)
    if (!stored) continue
    if (stored.scope !== request.scope || stored.requestHash !== hash) {
      throw new AppError('idempotency_key_reused')
    }
    return { status: stored.statusCode, body: v.parse(answerSchema, stored.response), replayed: true }
  }
  throw new Error(`Idempotency-Key ${key} could be neither claimed nor replayed`)
}

/** Inserts the key's row; blocks while another transaction holds the same key (primary key). */
async function claimKey(
  tx: Db,
  row: { userId: string; key: string; scope: string; hash: string; now: Date },
): Promise<void> {
  try {
    await insertKey(tx, row)
  } catch (error) {
    if (isUniqueViolation(error)) throw new KeyTaken()
    throw error
  }
}

/** Keys older than 24 hours are dropped, at most once an hour per database, after a commit. */
export async function purgeOldKeys(ctx: Pick<ServiceContext, 'db' | 'log'>, now: Date): Promise<void> {
  const last = lastPurge.get(ctx.db)
  if (last !== undefined && now.getTime() - last < PURGE_EVERY_MS && now.getTime() >= last) return
  lastPurge.set(ctx.db, now.getTime())
  try {
    await deleteKeysBefore(ctx.db, new Date(now.getTime() - RETENTION_MS))
  } catch (error) {
    // The answer has been written already; a failed clean-up must not turn it into an error.
    ctx.log.error({ err: error }, 'purging old idempotency keys failed')
  }
}
