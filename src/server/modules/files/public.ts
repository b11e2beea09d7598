// What other modules may use of files (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { parseByteRange, sendStoredFile } from './byte-range.ts'
