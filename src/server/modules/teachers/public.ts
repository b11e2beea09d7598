// What other modules may use of teachers (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export type { InstantRange } from './free-slot-windows.ts'
export { searchTeachers } from './service.ts'
export { countAllowedStudents, isOwnStudent } from './students-repository.ts'
