import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { sharedSecret } from '../../platform/server-secrets-repository.ts'

// Operators' TOTP secrets are sealed with AES-256-GCM (see the console's first entry in
// decisions.md "The school's console: operators, their second factor, the audit log"). With
// OPERATOR_TOTP_KEY set (the same on every node), the key lives outside the database, so a
// dump of it alone reveals no secret ('e1' seals). Without it, a key is generated once and kept in
// server_secrets, as the room's and web push's are ('v1' seals): a copy of the factor table alone
// then reveals nothing, a dump of the whole database does. Each seal names its key, so setting
// OPERATOR_TOTP_KEY later keeps the earlier seals readable; new ones use it.

const KEY_NAME = 'operator_totp_key'
const stored = new WeakMap<Db, Buffer>()

type Sealing = { db: Db; config: Pick<Config, 'operatorTotpKey'> }

async function storedKey(db: Db): Promise<Buffer> {
  const known = stored.get(db)
  if (known) return known
  const value = await sharedSecret(db, KEY_NAME, () => randomBytes(32).toString('base64'))
  const key = Buffer.from(value, 'base64')
  stored.set(db, key)
  return key
}

const configuredKey = (config: Sealing['config']): Buffer | undefined =>
  config.operatorTotpKey === undefined
    ? undefined
    : createHash('sha256').update(`lektorium operator totp\n${config.operatorTotpKey}`).digest()

async function keyOf(ctx: Sealing, version: string): Promise<Buffer> {
  if (version === 'v1') return storedKey(ctx.db)
  const key = configuredKey(ctx.config)
  if (version !== 'e1' || !key) throw new Error(`no key opens a ${version} seal (is OPERATOR_TOTP_KEY set?)`)
  return key
}

/** `<version>.<iv>.<tag>.<ciphertext>`, each part base64url. */
export async function seal(ctx: Sealing, plain: string): Promise<string> {
  const version = ctx.config.operatorTotpKey === undefined ? 'v1' : 'e1'
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', await keyOf(ctx, version), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [version, ...[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))].join('.')
}

export async function open(ctx: Sealing, sealed: string): Promise<string> {
  const [version = '', iv, tag, body] = sealed.split('.')
  if (!iv || !tag || body === undefined) throw new Error('not a sealed secret')
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(ctx, version), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
