// What other modules may use of profiles (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { bankColumns } from './columns.ts'
