// What other modules may use of users (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export {
  replaceLearnedLanguages,
  replaceTeacherLanguages,
  type TeacherLanguages,
} from './languages-repository.ts'
export { fileUrlsOf, toStudentSummary, toTeacherSummary } from './profile-dto.ts'
export {
  findActiveUser,
  findUserByEmail,
  findUserLanguages,
  insertUser,
  lockUser,
  setPasswordHash,
  type UserChanges,
  type UserValues,
  updateUser,
} from './repository.ts'
export { assertEmailAvailable, currentProfile, verifyTeacher } from './service.ts'
export { teacherSignedUpMails, teacherVerifiedMails } from './teacher-mails.ts'
