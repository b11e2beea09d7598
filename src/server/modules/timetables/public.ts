// What other modules may use of timetables (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { refillSlots, teacherRange } from './materialise.ts'
export { rangeInstants } from './plan.ts'
