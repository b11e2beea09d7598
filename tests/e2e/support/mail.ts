import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'
import { E2E_DATA_DIR } from '../../../playwright.config.ts'

// Reads the messages the server wrote as .eml files (the default mailer).

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
    try {
      return decodeURIComponent(bytes)
    } catch {
      return bytes
    }
  }
  return body
}

/** Every MIME part's decoded body, joined; enough to find links and phrases. */
export function decodeEml(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/)
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/)
      return split < 0 ? part : decodePart(part.slice(0, split), part.slice(split).trim())
    })
    .join('\n')
}

/** The messages to `email` the server on `dataDir` (default: the journeys' server) wrote. */
export function messagesTo(
  email: string,
  dataDir = E2E_DATA_DIR,
): { file: string; raw: string; text: string }[] {
  const dir = path.join(dataDir, 'mail')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = readFileSync(path.join(dir, f), 'utf8')
      return { file: f, raw, text: decodeEml(raw) }
    })
    .filter((m) => new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(m.raw))
}

/** Waits for the newest message to `email` that contains a link matching `pattern`. */
export async function waitForLink(email: string, pattern: RegExp, after = 0): Promise<string> {
  let link = ''
  await expect
    .poll(
      () => {
        const found = messagesTo(email)
          .slice(after)
          .map((m) => pattern.exec(m.text)?.[0])
          .filter((l): l is string => Boolean(l))
        link = found.at(-1) ?? ''
        return link
      },
      { timeout: 15_000 },
    )
    .not.toBe('')
  return link
}
