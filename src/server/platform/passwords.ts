import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

// architecture.md "API": passwords are argon2id. The library's defaults are argon2id with the
// OWASP-recommended cost (19 MiB, 2 passes, 1 lane).

export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against a stored hash. With no hash (unknown user, or an invited student without a
 * password) it verifies against a throwaway hash so the answer takes as long as a real check: the
 * response time does not reveal whether an account exists.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(randomBytes(16).toString('hex'))
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
