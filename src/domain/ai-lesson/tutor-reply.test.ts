import { describe, expect, it } from 'vitest'
import { splitTutorReply } from './tutor-reply.ts'

describe("the tutor's reply", () => {
  it('separates corrections from the answer', () => {
    const reply =
      'CORRECTION: grammar | I goes | I go | Po "I" czasownik bez -s.\nCORRECTION: Word order | always I | I always | Przysłówek przed czasownikiem.\nGreat! Where do you go?'
    expect(splitTutorReply(reply)).toEqual({
      corrections: [
        { kind: 'grammar', wrong: 'I goes', right: 'I go', explanation: 'Po "I" czasownik bez -s.' },
        {
          kind: 'word_order',
          wrong: 'always I',
          right: 'I always',
          explanation: 'Przysłówek przed czasownikiem.',
        },
      ],
      text: 'Great! Where do you go?',
    })
  })

  it('holds back a line that may still become a correction while streaming', () => {
    expect(splitTutorReply('CORR').text).toBe('')
    expect(splitTutorReply('Hello').text).toBe('Hello')
  })

  it('files an unknown kind under grammar and skips a correction without the right form', () => {
    expect(splitTutorReply('CORRECTION: style | a | b | c\nCORRECTION: grammar | x\nOk').corrections).toEqual(
      [{ kind: 'grammar', wrong: 'a', right: 'b', explanation: 'c' }],
    )
  })
})
