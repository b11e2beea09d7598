// What other modules may use of the lesson recaps (docs/decisions.md "A module's public file"); the
// rest of the folder is its own.

export { planRecap } from './plan.ts'
