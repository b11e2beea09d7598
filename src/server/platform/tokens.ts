import { createHash, randomBytes } from 'node:crypto'

// architecture.md "API": opaque random tokens, stored hashed. A lookup by SHA-256 hash compares in
// the database index, so no secret is ever compared byte by byte in JavaScript (no timing oracle).

/** SHA-256 (hex) of a token: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** A fresh 32-byte base64url token and its hash. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}
