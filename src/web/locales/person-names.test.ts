import type { Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { messages as pl } from './pl.po'

// docs/decisions.md "Messages that name a person": every Polish message that puts a person's name
// in reads right for a woman and for a man. It says the state of the account or the lesson, not
// of the person (no "jest zweryfikowany", "dostał"), and it puts the name where it stays in the
// nominative (after a colon, a dash or a role noun, or opening a sentence), never where Polish
// would decline it ("u Anny Nowak", "Rejestracja Piotra").

/** The placeholders that stand for a person's name in the sources. */
const PERSON = new Set([
  'name',
  'otherName',
  'student',
  'teacher',
  'teacherName',
  'who',
  'absentee',
  'reporter',
  'canceller',
  'resolver',
])
const NAMES = ['Ewa Woźniak', 'Piotr Wiśniewski']

/**
 * Words that agree with a man (the gendered defaults such messages fell into): a verb's past
 * ("dostał", "mógł"), a person's state ("zweryfikowany", "nieaktywny"), a pronoun ("jego", "mu").
 * Their feminine forms are not listed: they agree with feminine nouns too ("Rejestracja
 * odrzucona", "Lekcja została odwołana").
 */
const GENDERED =
  /(?<!\p{L})(\p{L}+ł|(zweryfikowan|aktywn|nieaktywn|zablokowan|ostrzeżon|dezaktywowan|odrzucon|zaproszon|nieobecn|wylogowan|gotow)y|sam|jego|mu|niego|on|pan|pani)(?!\p{L})/iu
/** What may come right before a name that stays in the nominative. */
const NOMINATIVE_BEFORE = /(^[^\p{L}]*|[:—(]\s*|[.!?]\s+|(^|\s)(lektor|kursant)\s+)$/iu

type Message = Messages[string]
type Token = Exclude<Message, string>[number]
type Tokens = Token[]

const isForms = (format: unknown): format is Record<string, unknown> =>
  typeof format === 'object' && format !== null
const isTokens = (value: unknown): value is Tokens => Array.isArray(value)

/** A plural's or select's forms, without its offset. */
const formsOf = (format: unknown): Tokens[] => (isForms(format) ? Object.values(format).filter(isTokens) : [])

/** The placeholders a message inserts (inside plural forms too). */
function placeholders(tokens: Tokens): string[] {
  return tokens.flatMap((token) =>
    typeof token === 'string' ? [] : [token[0], ...formsOf(token[2]).flatMap(placeholders)],
  )
}

/** The message as read: a person's placeholders as `person`, the others as "…", a plural's last form. */
function render(tokens: Tokens, person: string): string {
  return tokens
    .map((token) => {
      if (typeof token === 'string') return token
      const forms = formsOf(token[2])
      if (forms.length > 0) return render(forms.at(-1) ?? [], person)
      return PERSON.has(token[0]) ? person : '…'
    })
    .join('')
}

/** What is wrong with the message as read with `person`'s name in it. */
function problems(text: string, person: string): string[] {
  const found: string[] = []
  const parts = text.split(person)
  const gendered = parts.join(' ').match(GENDERED)
  if (gendered) found.push(`gendered "${gendered[0]}"`)
  for (const before of parts.slice(0, -1)) {
    if (!NOMINATIVE_BEFORE.test(before)) found.push(`declined after "${before.slice(-20)}"`)
  }
  return found
}

// The Polish catalog as the app loads it (compiled by Lingui's Vite plugin).
const personMessages = Object.values(pl).flatMap((message) => {
  const tokens = typeof message === 'string' ? [message] : message
  return placeholders(tokens).some((p) => PERSON.has(p)) ? [tokens] : []
})

describe('Polish messages that name a person', () => {
  it('are found in the catalog', () => {
    expect(personMessages.map((tokens) => render(tokens, 'Ewa Woźniak'))).toEqual(
      expect.arrayContaining(['Konto: Ewa Woźniak — zweryfikowane.', 'Nagrania głosu: Ewa Woźniak']),
    )
  })

  it('read right with a woman’s and a man’s name alike', () => {
    const wrong = personMessages.flatMap((tokens) =>
      NAMES.flatMap((person) => {
        const text = render(tokens, person)
        return problems(text, person).map((problem) => `${text} — ${problem}`)
      }),
    )
    expect(wrong).toEqual([])
  })

  it('catches a gendered form and a declined name', () => {
    expect(problems('Piotr Wiśniewski jest zweryfikowany i dostał e-mail.', 'Piotr Wiśniewski')).toEqual([
      'gendered "zweryfikowany"',
    ])
    expect(problems('Gdy u Ewa Woźniak zwolni się termin', 'Ewa Woźniak')).toEqual([
      'declined after "Gdy u "',
    ])
    expect(problems('Gdy u lektora: Ewa Woźniak zwolni się termin', 'Ewa Woźniak')).toEqual([])
  })
})
