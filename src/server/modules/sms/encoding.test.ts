import { describe, expect, it } from 'vitest'
import { smsText } from './encoding.ts'
import { smsWords } from './texts.ts'

const language = { name: 'English', genitivePl: 'angielskiego' }
const now = new Date('2026-12-08T09:20:00Z')
const startsAt = new Date('2026-12-09T16:00:00Z')

describe('SMS texts', () => {
  it('go as one GSM-7 message, Polish letters written as their plain twins', () => {
    const text = smsText(smsWords({ kind: 'lesson_cancelled', startsAt, language, by: 'school' }, 'pl', now))
    expect(text).toEqual({
      text: 'Lektorium: lekcja angielskiego 09.12 o 17:00 zostala odwolana przez szkole.',
      encoding: 'gsm7',
      segments: 1,
    })
  })

  it('fit one message in both languages, whatever they say', () => {
    for (const locale of ['pl', 'en'] as const) {
      for (const facts of [
        { kind: 'lesson_reminder', startsAt, language },
        { kind: 'lesson_cancelled', startsAt, language, by: 'teacher' },
        {
          kind: 'group_meeting_moved',
          startsAt,
          movedTo: startsAt,
          title: 'Konwersacje dla średnio zaawansowanych',
        },
        { kind: 'group_meeting_cancelled', startsAt, title: 'Business English' },
        { kind: 'test' },
      ] as const) {
        const text = smsText(smsWords(facts, locale, now))
        expect(text, text.text).toMatchObject({ encoding: 'gsm7', segments: 1 })
      }
    }
  })

  it('need UCS-2 only for what has no GSM-7 twin, and count its shorter messages', () => {
    const title = 'Русский язык'
    const text = smsText(smsWords({ kind: 'group_meeting_cancelled', startsAt, title }, 'en', now))
    expect(text.encoding).toBe('ucs2')
    expect(text.text).toContain(title)
    expect(text.segments).toBe(2)
    expect(smsText('€'.repeat(81))).toMatchObject({ encoding: 'gsm7', segments: 2 })
  })
})
