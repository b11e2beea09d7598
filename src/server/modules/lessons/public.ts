// What other modules may use of lessons (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { mergeAttendance } from './attendance.ts'
export { scheduledCount } from './booking-rules.ts'
export { lessonStatus } from './lesson-dto.ts'
export { ofViewer } from './lesson-views-repository.ts'
export { writeLesson } from './lesson-write.ts'
export { LIMIT_BOUNDS, lessonLimits } from './limits.ts'
export { type ReadContext, readLesson } from './lists.ts'
export { materialFilename } from './material-files.ts'
export { attachFile } from './materials.ts'
export { isAllowedStudent } from './repository.ts'
export { lockViewerLesson, updateLesson } from './write-repository.ts'
