import type { Exception, Rule } from './house-rules.ts'

// Today's exceptions to the house's rules (docs/architecture.md "The house's rules"), each with its
// reason. The list only shrinks: scripts/house-rules.test.ts fails on a violation not listed here
// and on an entry that no longer excuses anything. None is in the web: its layers hold as written.

/**
 * A module's imports of another module's inner files, one line per importing module and file it
 * takes from: `importer → module/file: what it takes (why)`. Each name moves into that module's
 * public.ts (docs/decisions.md "A module's public file"); the server's modules are being reworked on
 * another branch (the after-commit change), which moves many of these calls, so they wait for it.
 */
const MODULE_PUBLIC = `
admin → auth/repository.ts: takes replaceResetToken
admin → board/teacher-board.ts: takes boardStudentChanged, boardTeacherChanged: marks the board after a write; the after-commit change replaces these marks
admin → dictionaries/repository.ts: takes languageNames, languageRef: names languages and levels
admin → invitations/repository.ts: takes InvitedStudent, awaitsPassword: invitations of students
admin → invitations/service.ts: takes inviteStudent
admin → lessons/attendance.ts: takes mergeAttendance: the attendance's merge rule
admin → lessons/lesson-dto.ts: takes lessonStatus
admin → lessons/limits.ts: takes LIMIT_BOUNDS, lessonLimits
admin → lessons/write-repository.ts: takes updateLesson: locks or changes a lesson's row in the caller's transaction
admin → notifications/planner.ts: takes planCancellation: plans a cancellation's e-mails in its transaction
admin → recordings/archives.ts: takes toArchive
admin → recordings/repository.ts: takes lessonArchiveRows
admin → room/provider-ops.ts: takes markLearncube, setVideoProvider
admin → settings/repository.ts: takes SettingsValues: reads the school's settings
admin → settings/service.ts: takes SETTING_BOUNDS, showOperatorSettings, showSettings, updateSettings: the school's settings and their defaults
admin → users/profile-dto.ts: takes fileUrlsOf: the profile answers
admin → users/repository.ts: takes UserChanges, findUserByEmail, insertUser, lockUser, updateUser: reads, locks or changes a user's row in the caller's transaction
admin → users/service.ts: takes verifyTeacher: user rules shared by sign-up, profile and console
admin → waitlist/notices.ts: takes slotsFreed: tells the waitlist of freed slots in the freeing transaction
ai-lesson → users/repository.ts: takes lockUser: reads, locks or changes a user's row in the caller's transaction
auth → admin/second-factor.ts: takes secondFactorState
auth → users/repository.ts: takes findUserByEmail, setPasswordHash: reads, locks or changes a user's row in the caller's transaction
auth → users/service.ts: takes assertEmailAvailable: user rules shared by sign-up, profile and console
board → lessons/repository.ts: takes studentLessons
board → settings/repository.ts: takes findSettings: reads the school's settings
board → teachers/free-slot-windows.ts: takes InstantRange
board → timetables/materialise.ts: takes teacherRange: a teacher's materialised range
board → timetables/plan.ts: takes rangeInstants: the timetable plan's calendar arithmetic
dictionaries → users/languages-repository.ts: takes TeacherLanguages: a user's languages
invitations → admin/audit.ts: takes AuditActor, CLI_ACTOR, writeAudit: writes the audit log in the caller's transaction
invitations → auth/sign-in.ts: takes startSession
invitations → users/repository.ts: takes findUserByEmail: reads, locks or changes a user's row in the caller's transaction
language-onboardings → board/board-search.ts: takes searchBoard: searches the board's teachers
language-onboardings → dictionaries/references.ts: takes DictionaryRef, assertKnownReferences: checks language and level references
lessons → admin/audit.ts: takes AuditActor, writeAudit: writes the audit log in the caller's transaction
lessons → board/teacher-board.ts: takes boardStudentChanged, boardTeacherChanged: marks the board after a write; the after-commit change replaces these marks
lessons → dictionaries/repository.ts: takes languageNames, languageRef: names languages and levels
lessons → files/byte-range.ts: takes parseByteRange, sendStoredFile
lessons → notifications/planner.ts: takes planCancellation: plans a cancellation's e-mails in its transaction
lessons → settings/service.ts: takes DEFAULT_SETTINGS, showSettings: the school's settings and their defaults
lessons → users/repository.ts: takes findUserByEmail, lockUser, updateUser: reads, locks or changes a user's row in the caller's transaction
lessons → waitlist/notices.ts: takes slotsFreed: tells the waitlist of freed slots in the freeing transaction
notifications → settings/repository.ts: takes findSettings: reads the school's settings
previews → dictionaries/repository.ts: takes findLanguages, findLevels: names languages and levels
previews → teachers/service.ts: takes searchTeachers
profiles → board/teacher-board.ts: takes boardTeacherChanged: marks the board after a write; the after-commit change replaces these marks
profiles → dictionaries/references.ts: takes DictionaryRef, assertKnownReferences, learnedLanguageRefs, teacherLanguageRefs: checks language and level references
profiles → lessons/repository.ts: takes isAllowedStudent
profiles → ratings/repository.ts: takes recentTeacherReviews
profiles → teachers/students-repository.ts: takes isOwnStudent
profiles → users/languages-repository.ts: takes replaceLearnedLanguages, replaceTeacherLanguages: a user's languages
profiles → users/profile-dto.ts: takes toStudentSummary, toTeacherSummary: the profile answers
profiles → users/repository.ts: takes UserChanges, findActiveUser, findUserLanguages, lockUser, updateUser: reads, locks or changes a user's row in the caller's transaction
profiles → users/service.ts: takes currentProfile: user rules shared by sign-up, profile and console
ratings → board/teacher-board.ts: takes boardTeacherChanged: marks the board after a write; the after-commit change replaces these marks
ratings → lessons/lesson-views.ts: takes Viewer: a lesson's viewer
ratings → lessons/lesson-write.ts: takes writeLesson
ratings → lessons/lists.ts: takes ReadContext, readLesson: who is asking for a lesson, and the lesson as they see it
ratings → lessons/write-repository.ts: takes lockViewerLesson: locks or changes a lesson's row in the caller's transaction
ratings → users/repository.ts: takes lockUser, updateUser: reads, locks or changes a user's row in the caller's transaction
recordings → lessons/lists.ts: takes readLesson, viewerOf: who is asking for a lesson, and the lesson as they see it
recordings → lessons/material-files.ts: takes materialFilename
recordings → lessons/materials.ts: takes attachFile
recordings → lessons/write-repository.ts: takes lockViewerLesson: locks or changes a lesson's row in the caller's transaction
recordings → room/room-access.ts: takes RoomLesson, assertRoomOpen, findPartyLesson: the room's access rule
recordings → room/token-service.ts: takes lessonProvider: which video provider a lesson uses
recordings → room/video-sessions.ts: takes knownLessonSession, lessonSession: a lesson's video session
recordings → room/vonage.ts: takes VonageVideo
registration → dictionaries/references.ts: takes assertKnownReferences, teacherLanguageRefs: checks language and level references
registration → invitations/repository.ts: takes markInvitationsUsed: invitations of students
registration → profiles/columns.ts: takes bankColumns
registration → users/languages-repository.ts: takes replaceTeacherLanguages: a user's languages
registration → users/repository.ts: takes UserValues, findUserByEmail, insertUser, lockUser, updateUser: reads, locks or changes a user's row in the caller's transaction
registration → users/service.ts: takes currentProfile: user rules shared by sign-up, profile and console
registration → users/teacher-login-link.ts: takes teacherLoginLink
room → admin/audit.ts: takes AuditActor, CLI_ACTOR, writeAudit: writes the audit log in the caller's transaction
room → lessons/lesson-views.ts: takes Viewer, ofViewer: a lesson's viewer
room → lessons/lists.ts: takes viewerOf: who is asking for a lesson, and the lesson as they see it
settings → admin/audit.ts: takes AuditActor, writeAudit: writes the audit log in the caller's transaction
settings → board/teacher-board.ts: takes boardSettingsChanged: marks the board after a write; the after-commit change replaces these marks
teachers → board/board-search.ts: takes SlotFilter, TeacherFilters, TeacherMatch, searchBoard: searches the board's teachers
teachers → board/teacher-board.ts: takes boardTeacherChanged: marks the board after a write; the after-commit change replaces these marks
teachers → settings/service.ts: takes DEFAULT_SETTINGS: the school's settings and their defaults
teachers → users/repository.ts: takes lockUser: reads, locks or changes a user's row in the caller's transaction
timetables → board/board-repository.ts: takes slotsBetween
timetables → board/teacher-board.ts: takes boardTeacherChanged: marks the board after a write; the after-commit change replaces these marks
timetables → lessons/booking-rules.ts: takes scheduledCount
timetables → settings/service.ts: takes DEFAULT_SETTINGS: the school's settings and their defaults
timetables → users/repository.ts: takes findActiveUser, lockUser, updateUser: reads, locks or changes a user's row in the caller's transaction
timetables → waitlist/notices.ts: takes slotsFreed: tells the waitlist of freed slots in the freeing transaction
users → admin/audit.ts: takes AuditActor, writeAudit: writes the audit log in the caller's transaction
users → board/teacher-board.ts: takes boardTeacherChanged: marks the board after a write; the after-commit change replaces these marks
users → teachers/students-repository.ts: takes countAllowedStudents
waitlist → notifications/push.ts: takes PushMessage
waitlist → settings/repository.ts: takes findSettings: reads the school's settings
waitlist → settings/service.ts: takes DEFAULT_SETTINGS: the school's settings and their defaults
waitlist → users/repository.ts: takes findActiveUser, lockUser: reads, locks or changes a user's row in the caller's transaction
`

/**
 * Files that query Drizzle or import the tables outside a repository, by folder of src/server:
 * `folder: files — why`. Their queries move into the folder's repository
 * (docs/decisions.md "All SQL in repositories").
 */
const DATABASE_LAYER = `
modules/admin: audit.ts, lack-of-slots-service.ts, overview-service.ts, second-factor.ts — the console's reports, the audit log and the second factor query in the service
modules/ai-lesson: topics.ts — the AI lesson's topics read past lessons in the service
modules/lessons: booking-lanes.ts, lesson-views.ts, lists.ts — the booking batch runs the SQL function on the pool and reads pg's errors; the lesson lists and views read in the service
modules/notifications: calendar-feed.ts, lesson-mail.ts, planner.ts — the feed, the mails and the planner read lessons and recipients in place
modules/recordings: archives.ts, lesson-media.ts — the archives and the lesson's media read and write their rows in place
modules/room: chat.ts, interactions.ts, provider-ops.ts, room-access.ts, room-bus.ts, token-service.ts, video-sessions.ts — the room's services query its tables in place
modules/settings: announced-url.ts — stores the announced address beside the settings
platform: file-references.ts, idempotency.ts, jobs.ts, server-secrets.ts, sessions.ts — the platform's stores (file references, idempotent answers, jobs, secrets, sessions) are repositories not yet named so
`

function parts(line: string, pattern: RegExp): [string, string, string] {
  const [, a, b, c] = pattern.exec(line) ?? []
  if (a === undefined || b === undefined || c === undefined) throw new Error(`Unreadable exception: ${line}`)
  return [a, b, c]
}

function modulePublic(line: string): Exception {
  const [importer, file, reason] = parts(line, /^(\S+) → (\S+): (.+)$/)
  return {
    rule: 'module-public',
    from: `src/server/modules/${importer}/`,
    to: `src/server/modules/${file}`,
    reason,
  }
}

function databaseLayer(line: string): Exception {
  const [folder, files, reason] = parts(line, /^(\S+): (.+?) — (.+)$/)
  return {
    rule: 'database-layer',
    from: files.split(', ').map((file) => `src/server/${folder}/${file}`),
    to: '*',
    reason,
  }
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '')

const one = (rule: Rule, from: string | string[], to: string, reason: string): Exception => ({
  rule,
  from,
  to,
  reason,
})

export const EXCEPTIONS: readonly Exception[] = [
  ...lines(MODULE_PUBLIC).map(modulePublic),
  ...lines(DATABASE_LAYER).map(databaseLayer),
  one(
    'infrastructure-modules',
    'src/server/db/seed/',
    'src/server/modules/',
    "the demo data is written through the modules' own rules and repositories; it belongs beside main.ts, not under db/",
  ),
  one(
    'cycle',
    ['src/server/modules/board/teacher-board.ts', 'src/server/modules/timetables/materialise.ts'],
    '*',
    'the board reads a teacher’s range from materialise, which marks the board after syncing slots; the after-commit change takes the mark out',
  ),
]
