import { ProblemText } from './problem-text.tsx'
import type { Problem } from './teacher-problems.ts'

/** The refusal shown on `field`, when it is that field's. */
export const onField = (problem: Problem | null, field: string) =>
  problem?.field === field ? <ProblemText problem={problem.message} /> : null
