// What other modules may use of board (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { slotsBetween } from './board-repository.ts'
export { type SlotFilter, searchBoard, type TeacherFilters, type TeacherMatch } from './board-search.ts'
