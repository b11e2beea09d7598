// What other modules may use of ratings (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { recentTeacherReviews } from './repository.ts'
