import { type Correction, MISTAKE_KINDS, type MistakeKind } from '../api/ai-lesson.ts'

// The tutor's reply protocol: the model is asked to put each correction of the student's last
// message on a line of its own, `CORRECTION: kind | wrong | right | explanation`, before its
// answer. The server stores them (mistakes by kind, progress tab); the chat shows them as
// corrections and the rest as the reply, also while it streams in.

export const CORRECTION_PREFIX = 'CORRECTION:'

const isKind = (value: string): value is MistakeKind => MISTAKE_KINDS.some((kind) => kind === value)

function parseCorrection(line: string): Correction | null {
  const parts = line
    .slice(CORRECTION_PREFIX.length)
    .split('|')
    .map((part) => part.trim())
  const [kind = '', wrong = '', right = '', ...rest] = parts
  const normalised = kind.toLowerCase().replace(/[\s-]+/g, '_')
  if (!right) return null
  return {
    kind: isKind(normalised) ? normalised : 'grammar',
    wrong,
    right,
    explanation: rest.join(' | '),
  }
}

/** Splits a (possibly partial) reply into its corrections and the text to show. */
export function splitTutorReply(reply: string): { corrections: Correction[]; text: string } {
  const corrections: Correction[] = []
  const lines: string[] = []
  for (const line of reply.split('\n')) {
    const trimmed = line.trim()
    if (trimmed.toUpperCase().startsWith(CORRECTION_PREFIX)) {
      const correction = parseCorrection(trimmed)
      if (correction) corrections.push(correction)
    } else if (!CORRECTION_PREFIX.startsWith(trimmed.toUpperCase()) || trimmed === '') {
      // A line that may still become a correction while streaming ("CORR") is held back.
      lines.push(line)
    }
  }
  return { corrections, text: lines.join('\n').trim() }
}
