// What other modules may use of SMS (docs/decisions.md "A module's public file"); the rest of the
// folder is its own.

export { planGroupMeetingSms } from './worker.ts'
