import { formatPolandDate, formatPolandTime, polandDateKey } from '../../../domain/poland-time.ts'
import type { SmsKind } from '../../db/schema-sms.ts'

// What an SMS says, in the recipient's locale: short (one GSM-7 message, 160 characters, for
// every text here but a long class title), times in Poland time (product-rules.md "Time zone"),
// no names of people (a phone's lock screen shows it to anyone). encoding.ts turns Polish letters
// into their GSM-7 twins.

export type Locale = 'pl' | 'en'

/** Who cancelled, as the recipient reads it. */
export type Canceller = 'teacher' | 'student' | 'school'

/** A language's English name and its Polish genitive ("angielskiego": "lekcja angielskiego"). */
export type SmsLanguage = { name: string; genitivePl: string }

export type SmsFacts =
  | { kind: 'lesson_reminder'; startsAt: Date; language: SmsLanguage }
  | {
      kind: 'lesson_cancelled'
      startsAt: Date
      language: SmsLanguage
      by: Canceller
    }
  | { kind: 'group_meeting_moved'; startsAt: Date; movedTo: Date; title: string }
  | { kind: 'group_meeting_cancelled'; startsAt: Date; title: string }
  | { kind: 'test' }

const TITLE_MAX = 30
const shortTitle = (title: string) =>
  title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1).trimEnd()}…` : title
const day = (at: Date) => formatPolandDate(at).slice(0, 5)
const time = (at: Date) => formatPolandTime(at)

/** "dziś", "jutro" or the date, as seen at `now`. */
function when(at: Date, now: Date, locale: Locale): string {
  const key = polandDateKey(at)
  if (key === polandDateKey(now)) return locale === 'pl' ? 'dziś' : 'today'
  if (key === polandDateKey(new Date(now.getTime() + 86_400_000)))
    return locale === 'pl' ? 'jutro' : 'tomorrow'
  return locale === 'pl' ? day(at) : `on ${day(at)}`
}

const cancellerPl: Record<Canceller, string> = { teacher: 'lektora', student: 'kursanta', school: 'szkołę' }

export function smsWords(facts: SmsFacts, locale: Locale, now: Date): string {
  const pl = locale === 'pl'
  switch (facts.kind) {
    case 'lesson_reminder': {
      const language = pl ? facts.language.genitivePl : facts.language.name
      return pl
        ? `Lektorium: lekcja ${language} ${when(facts.startsAt, now, locale)} o ${time(facts.startsAt)}. Dołączysz w aplikacji od 15 min przed początkiem.`
        : `Lektorium: your ${language} lesson ${when(facts.startsAt, now, locale)} at ${time(facts.startsAt)} Poland time. Join in the app from 15 min before.`
    }
    case 'lesson_cancelled': {
      const language = pl ? facts.language.genitivePl : facts.language.name
      return pl
        ? `Lektorium: lekcja ${language} ${day(facts.startsAt)} o ${time(facts.startsAt)} została odwołana przez ${cancellerPl[facts.by]}.`
        : `Lektorium: your ${language} lesson on ${day(facts.startsAt)} at ${time(facts.startsAt)} Poland time was cancelled by the ${facts.by}.`
    }
    case 'group_meeting_moved':
      return pl
        ? `Lektorium: zajęcia „${shortTitle(facts.title)}” z ${day(facts.startsAt)} ${time(facts.startsAt)} przeniesiono na ${day(facts.movedTo)} ${time(facts.movedTo)}.`
        : `Lektorium: the class "${shortTitle(facts.title)}" of ${day(facts.startsAt)} ${time(facts.startsAt)} moved to ${day(facts.movedTo)} ${time(facts.movedTo)} Poland time.`
    case 'group_meeting_cancelled':
      return pl
        ? `Lektorium: zajęcia „${shortTitle(facts.title)}” ${day(facts.startsAt)} o ${time(facts.startsAt)} odwołano.`
        : `Lektorium: the class "${shortTitle(facts.title)}" on ${day(facts.startsAt)} at ${time(facts.startsAt)} Poland time was cancelled.`
    case 'test':
      return pl
        ? 'Lektorium: to SMS testowy. Powiadomienia SMS docierają na ten numer.'
        : 'Lektorium: this is a test SMS. SMS notifications reach this number.'
  }
}

/** The kind of the SMS a fact is about (the row's `kind`). */
export const kindOf = (facts: SmsFacts): SmsKind => facts.kind
