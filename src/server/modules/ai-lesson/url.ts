import { createHmac, timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'
import type { AiLessonUrl } from '../../../domain/api/ai-lesson.ts'
import type { AppContext } from '../../context.ts'
import type { User } from '../../platform/sessions.ts'
import { currentSettings } from './settings.ts'

// GET /students/ai-lesson-url (docs/decisions.md "The AI lesson"): with AI_LESSON_URL set, the
// outside provider's page with `?token=`, a short-lived token signed with AI_LESSON_SECRET
// (HMAC-SHA256) that the provider verifies as `verifyAiLessonToken` does; else the built-in tutor's
// own screen, which the app's session already authorises.

export const AI_LESSON_TOKEN_TTL_MS = 5 * 60 * 1000

const claimsSchema = v.object({
  /** The student's id. */
  sub: v.string(),
  /** Expiry, seconds since the epoch. */
  exp: v.number(),
  locale: v.picklist(['pl', 'en']),
  language_id: v.nullable(v.number()),
  level: v.string(),
})
export type AiLessonClaims = v.InferOutput<typeof claimsSchema>

const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('base64url')

export function signAiLessonToken(claims: AiLessonClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${body}.${sign(body, secret)}`
}

/** What a provider does with the token: checks the signature and the expiry, then reads it. */
export function verifyAiLessonToken(token: string, secret: string, now: Date): AiLessonClaims | null {
  const [body = '', signature = ''] = token.split('.')
  const expected = Buffer.from(sign(body, secret))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const claims = v.safeParse(claimsSchema, parsed)
  if (!claims.success || claims.output.exp * 1000 <= now.getTime()) return null
  return claims.output
}

export async function aiLessonUrl(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  student: User,
): Promise<AiLessonUrl> {
  const now = ctx.clock.now()
  const expires = new Date(now.getTime() + AI_LESSON_TOKEN_TTL_MS)
  const { lessonUrl, lessonSecret } = ctx.config.ai
  if (!lessonUrl || !lessonSecret) {
    return {
      url: `${ctx.config.publicUrl}/dashboard/ai-lesson`,
      provider: 'built_in',
      expires_at: expires.toISOString(),
    }
  }
  const settings = await currentSettings(ctx, student)
  const token = signAiLessonToken(
    {
      sub: student.id,
      exp: Math.floor(expires.getTime() / 1000),
      locale: settings.explanation_locale,
      language_id: settings.language_id,
      level: settings.level,
    },
    lessonSecret,
  )
  const url = new URL(lessonUrl)
  url.searchParams.set('token', token)
  return { url: url.toString(), provider: 'external', expires_at: expires.toISOString() }
}
