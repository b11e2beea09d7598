// What other modules may use of notifications (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { planCancellation } from './planner.ts'
export type { PushMessage } from './push.ts'
