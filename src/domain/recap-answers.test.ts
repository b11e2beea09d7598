import { describe, expect, it } from 'vitest'
import { answerMatches } from './recap-answers.ts'

describe('a recap exercise answer', () => {
  it('matches whatever its case, spacing and punctuation', () => {
    expect(answerMatches('  i would like a coffee please ', 'I would like a coffee, please.')).toBe(true)
    expect(answerMatches('¿Qué tal?', 'que tal')).toBe(false)
    expect(answerMatches('¿qué tal', 'Qué tal?')).toBe(true)
  })

  it('does not match other words or nothing at all', () => {
    expect(answerMatches('I want a coffee', 'I would like a coffee, please.')).toBe(false)
    expect(answerMatches(' ... ', '...')).toBe(false)
  })
})
