// What other modules may use of waitlist (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { slotsFreed } from './notices.ts'
