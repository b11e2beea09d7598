import { describe, expect, it } from 'vitest'
import { compareWords, phraseWords } from './word-compare.ts'

describe('word-by-word pronunciation comparison', () => {
  it('ignores case and punctuation', () => {
    expect(compareWords('Dzień dobry, jak się masz?', 'dzień DOBRY jak się masz')).toEqual({
      score: 100,
      words: ['dzień', 'dobry', 'jak', 'się', 'masz'].map((w) => ({ expected: w, heard: w, correct: true })),
    })
  })

  it('counts missing diacritics as a mistake: "zażółć" is not "zazolc"', () => {
    const result = compareWords('Zażółć gęślą jaźń', 'zazolc gęślą jaźń')
    expect(result.words[0]).toEqual({ expected: 'zażółć', heard: 'zazolc', correct: false })
    expect(result.words.slice(1).every((w) => w.correct)).toBe(true)
    expect(result.score).toBe(67)
  })

  it('treats composed and decomposed letters alike (NFC)', () => {
    expect(compareWords('zażółć', 'zaz\u0307o\u0301ł\u0107').score).toBe(100)
  })

  it('marks a missed word without shifting the rest, and ignores an extra word', () => {
    const missed = compareWords('I would like a coffee', 'I like a coffee')
    expect(missed.words.map((w) => w.correct)).toEqual([true, false, true, true, true])
    expect(missed.words[1]).toEqual({ expected: 'would', heard: null, correct: false })
    expect(missed.score).toBe(80)
    const extra = compareWords('a coffee please', 'a hot coffee please')
    expect(extra.score).toBe(100)
  })

  it('scores zero for silence and keeps apostrophes inside words', () => {
    expect(compareWords("I don't know", '').score).toBe(0)
    expect(phraseWords("I don't know.")).toEqual(['i', "don't", 'know'])
  })
})
