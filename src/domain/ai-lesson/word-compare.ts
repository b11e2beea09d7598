import type { WordResult } from '../api/ai-lesson.ts'

// Pronunciation: the transcript of a recording compared word by word with the target phrase.
// Case and punctuation do not count (a transcriber's capitals and commas are not the speaker's);
// diacritics do: "zażółć" heard as "zazolc" is a different word in Polish, a mistake.

/** The words of a phrase: lower case, without punctuation, letters' diacritics kept. */
export function phraseWords(phrase: string): string[] {
  return phrase
    .normalize('NFC')
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{M}\p{N}'’-]+/u)
    .map((word) => word.replace(/^['’-]+|['’-]+$/g, ''))
    .filter((word) => word.length > 0)
}

/**
 * Aligns the heard words to the expected ones (longest common subsequence, so one missed or extra
 * word does not shift every later word into a mistake) and scores the share of expected words heard.
 */
export function compareWords(target: string, transcript: string): { score: number; words: WordResult[] } {
  const expected = phraseWords(target)
  const heard = phraseWords(transcript)
  const rows = expected.length
  const cols = heard.length
  const lcs: number[][] = Array.from({ length: rows + 1 }, () => new Array<number>(cols + 1).fill(0))
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      const row = lcs[i] ?? []
      row[j] =
        expected[i] === heard[j]
          ? (lcs[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0)
    }
  }
  const words: WordResult[] = []
  let i = 0
  let j = 0
  while (i < rows) {
    const word = expected[i] ?? ''
    if (j < cols && word === heard[j]) {
      words.push({ expected: word, heard: word, correct: true })
      i++
      j++
    } else if (j < cols && (lcs[i]?.[j + 1] ?? 0) > (lcs[i + 1]?.[j] ?? 0)) {
      j++ // an extra heard word
    } else {
      // A wrong word: what was heard in its place, when the next heard word is not matched later.
      const replaced = j < cols && (lcs[i + 1]?.[j + 1] ?? 0) === (lcs[i]?.[j] ?? 0)
      words.push({ expected: word, heard: replaced ? (heard[j] ?? null) : null, correct: false })
      i++
      if (replaced) j++
    }
  }
  const right = words.filter((word) => word.correct).length
  return { score: rows === 0 ? 0 : Math.round((right / rows) * 100), words }
}
