// A recap exercise's answer as the student types it, compared with the model's: case, spacing and
// punctuation do not count (an exercise checks the words, not the full stop).

const normalise = (text: string) =>
  text
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/[.,!?;:"'„”“‘’«»()¿¡-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** Whether `given` says what `expected` says, punctuation and case aside. */
export const answerMatches = (given: string, expected: string): boolean =>
  normalise(given) !== '' && normalise(given) === normalise(expected)
