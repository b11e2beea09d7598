import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { type AuthRecord, signInResponse } from '../../domain/api/auth.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { hashPassword } from '../platform/passwords.ts'
import type { User } from '../platform/sessions.ts'

export const TEST_PASSWORD = 'correct-horse-42'

let passwordHash: Promise<string> | undefined
let counter = 0

export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${++counter}.${randomBytes(3).toString('hex')}@example.com`

/** An active student with TEST_PASSWORD unless `values` say otherwise (argon2 runs once per file). */
export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  passwordHash ??= hashPassword(TEST_PASSWORD)
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(values.role ?? 'student'),
      role: 'student',
      status: 'active',
      passwordHash: await passwordHash,
      registrationCompleted: true,
      ...values,
    })
    .returning()
  if (!user) throw new Error('insert returned no row')
  return user
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Signs in through the API and returns the parsed auth record. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  options: { password?: string; remember?: boolean; ip?: string } = {},
): Promise<AuthRecord> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/users/sign_in',
    payload: { email, password: options.password ?? TEST_PASSWORD, remember: options.remember ?? false },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  })
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  return v.parse(signInResponse, response.json()).data
}
