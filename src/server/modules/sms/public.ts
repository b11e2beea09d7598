// What other modules may use of SMS (docs/decisions.md "A module's public file"); the rest of the
// folder is its own.

export { lessonSmsMessages } from './lesson-sms.ts'
export { planGroupMeetingSms } from './worker.ts'
