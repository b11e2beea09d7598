// What other modules may use of group-classes (docs/decisions.md "A module's public file"); the
// rest of the folder is its own.

export { type ClassChanges, cancelRemaining, updateClass } from './class-changes.ts'
export type { GroupClassRow, MeetingRow, MemberRow } from './repository.ts'
export {
  type ClassInput,
  cancelMeeting,
  createClass,
  type ExtraMeeting,
  enrolStudents,
  type InTransaction,
  moveMeeting,
  removeStudent,
} from './service.ts'
