import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import * as v from 'valibot'
import { wordResponse } from '../../domain/api/ai-lesson.ts'
import { lessonResponse } from '../../domain/api/my-lessons.ts'
import { studentLearnedLanguages, users } from '../db/schema.ts'
import { inviteStudent } from '../modules/invitations/service.ts'
import type { User } from '../platform/sessions.ts'
import { chatEvents, languageId as languageIdOf } from './ai-lesson.ts'
import type { TestApp } from './build-test-app.ts'
import { tokenIn } from './capturing-mailer.ts'
import { createUser } from './fixtures.ts'
import { type AdminGroupClasses, adminGroupClassesWorld } from './fuzz-world-admin-group-classes.ts'
import { type AdminLessons, adminLessonsWorld } from './fuzz-world-admin-lessons.ts'
import { type AdminPeople, adminPeopleWorld } from './fuzz-world-admin-people.ts'
import { type GroupTab, groupTabWorld } from './fuzz-world-group-tab.ts'
import { invitedStudentValues } from './invitations.ts'
import { bookableTeacher, bookingStudent, slotIds } from './lessons.ts'
import { addLessonAt, postJson, uploadMaterial } from './my-lessons.ts'
import { recapRowsOf } from './recaps.ts'
import { pdfFile, pngFile } from './sample-files.ts'
import { signedInUser } from './sessions.ts'
import { webmChunks } from './webm.ts'

// The accounts, lessons, files and tokens the fuzz (fuzz.integration.test.ts) aims at, so that
// each route's unmodified request succeeds and its variants reach the rules behind validation.

/**
 * `operator`: an operator whose session passed the second factor; `pendingOperator`: one not
 * enrolled.
 */
export type Caller = 'anonymous' | 'student' | 'teacher' | 'newStudent' | 'operator' | 'pendingOperator'

export type World = {
  tokens: Record<Exclude<Caller, 'anonymous'>, string>
  student: User
  teacher: User
  /**
   * Lessons of the student with the teacher, one per kind of write that uses one up; `now` is in
   * its join window (the lesson room).
   */
  lessons: { upcoming: string; cancellable: string; finished: string; now: string }
  /** Materials of the upcoming lesson: one to download, one to remove by GET and one by POST. */
  files: { download: string; removable: [string, string] }
  /** The student's place in a meeting of the teacher's class (the group tab). */
  group: GroupTab
  /** A free slot of the teacher that the student may book. */
  freeSlot: string
  signInEmail: string
  resetEmail: string
  resetToken: string
  invitationToken: string
  /** The AI lesson: the student's learned language, a saved word, a conversation. */
  ai: { languageId: number; wordId: string; conversationId: string }
  /** Recaps of the finished lesson: a draft to edit and publish, a published one. */
  recaps: { draft: string; published: string }
  /** A recording in progress in another lesson in its window, and a chunk of it. */
  recording: string
  recordingChunk: Buffer
  /** A stored picture and its signed URL's parts (platform/file-urls.ts). */
  signedFile: { key: string; expires: string; sig: string }
  /** The console: an unused recovery code of the operator and a teacher to verify. */
  admin: { recoveryCode: string; pendingTeacherEmail: string } & AdminPeople &
    AdminLessons &
    AdminGroupClasses
}

/** An operator signed in with the second factor enrolled and passed, and one not enrolled yet. */
async function operatorsWorld(t: TestApp) {
  const operator = await signedInUser(t, { role: 'operator' })
  const pending = await signedInUser(t, { role: 'operator' })
  const headers = { authorization: `Bearer ${operator.token}` }
  const enrol = await t.app.inject({ method: 'POST', url: '/api/v1/operator/second_factor/enrol', headers })
  const secret = OTPAuth.Secret.fromBase32(enrol.json().data.secret)
  const code = new OTPAuth.TOTP({ secret }).generate({ timestamp: t.clock.now().getTime() })
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/v1/operator/second_factor/confirm',
    headers,
    payload: { code },
  })
  const [recoveryCode = ''] = confirm.json().data.recovery_codes
  await t.app.inject({ method: 'POST', url: '/api/v1/operator/second_factor/codes_kept', headers })
  const teacher = await createUser(t.database.db, { role: 'teacher', status: 'pending_verification' })
  return {
    tokens: { operator: operator.token, pendingOperator: pending.token },
    admin: {
      recoveryCode,
      pendingTeacherEmail: teacher.email,
      ...(await adminPeopleWorld(t)),
      ...(await adminLessonsWorld(t)),
      ...(await adminGroupClassesWorld(t)),
    },
  }
}

async function materialId(t: TestApp, token: string, lessonId: string, filename: string): Promise<string> {
  const response = await uploadMaterial(t, token, { lessonId, file: { bytes: pdfFile(), filename } })
  const files = v.parse(lessonResponse, response.json()).data.lesson_files
  const file = files.find((f) => f.filename === filename)
  if (!file) throw new Error(`material ${filename} was not stored: ${response.body}`)
  return file.id
}

async function signedFile(t: TestApp): Promise<World['signedFile']> {
  const stored = await t.storage.put(Readable.from(pngFile()), 'picture')
  const url = new URL(t.app.deps.fileUrls.url(stored.key) ?? '', 'http://x')
  return {
    key: stored.key,
    expires: url.searchParams.get('expires') ?? '',
    sig: url.searchParams.get('sig') ?? '',
  }
}

/** Builds the world on the test clock's Tuesday 10 March 2026 (schedule range 9–22 March). */
export async function buildFuzzWorld(t: TestApp): Promise<World> {
  const { teacher, teacherToken } = await bookableTeacher(t, {
    values: { firstName: 'Anna', lastName: 'Nowak' },
  })
  // A partner company's student (product-rules.md "Who uses it"), so teachers/it_teachers answers
  // too.
  const student = await bookingStudent(t, {
    firstName: 'Marta',
    lastName: 'Dąbrowska',
    companyName: 'Partner S.A.',
    // Room for the booking the fuzz makes beside the lessons below (the default is 2:
    // product-rules.md "Scheduled lessons limit").
    scheduledLessonsLimit: 10,
    aiAccess: true,
  })
  const newStudent = await signedInUser(t, { role: 'student', registrationCompleted: false })
  const pair = { teacher: { user: teacher, token: teacherToken }, student }
  const upcoming = await addLessonAt(t, pair, 2 * 24 * 60)
  const cancellable = await addLessonAt(t, pair, 3 * 24 * 60)
  const finished = await addLessonAt(t, pair, -120)
  const now = await addLessonAt(t, pair, 0)
  // The student agreed to voice recording, so the teacher may record.
  await t.database.db.update(users).set({ voiceRecordingAgreed: true }).where(eq(users.id, student.user.id))
  const recorded = await addLessonAt(t, pair, 5)
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/v1/lessons/archives/create',
    headers: { authorization: `Bearer ${teacherToken}` },
    payload: { lesson_id: recorded.id },
  })
  const recording: string = started.json().data.id
  const [recordingChunk = Buffer.alloc(0)] = webmChunks({ seconds: 2, chunkBytes: 1_000_000 })
  const [freeSlot] = await slotIds(t, student.token, teacher.id, [['2026-03-16', '08:00']])

  const signInEmail = (await createUser(t.database.db)).email
  // The reset link belongs to another user than the one reset_password is fuzzed with: a new
  // request cancels the older links.
  const linkOwner = (await createUser(t.database.db)).email
  await t.app.inject({ method: 'POST', url: '/api/v1/users/reset_password', payload: { email: linkOwner } })
  await t.app.deps.mail.idle()
  const invitation = invitedStudentValues()
  await inviteStudent(t.ctx, invitation)
  const operators = await operatorsWorld(t)

  return {
    tokens: {
      student: student.token,
      teacher: teacherToken,
      newStudent: newStudent.token,
      ...operators.tokens,
    },
    admin: operators.admin,
    student: student.user,
    teacher,
    lessons: { upcoming: upcoming.id, cancellable: cancellable.id, finished: finished.id, now: now.id },
    recording,
    recordingChunk,
    recaps: await recapRowsOf(t, finished.id, teacher.id),
    files: {
      download: await materialId(t, teacherToken, upcoming.id, 'plan.pdf'),
      removable: [
        await materialId(t, teacherToken, upcoming.id, 'old-plan.pdf'),
        await materialId(t, teacherToken, upcoming.id, 'older-plan.pdf'),
      ],
    },
    group: await groupTabWorld(t, teacher.id, student.user.id),
    freeSlot: freeSlot ?? '',
    signInEmail,
    resetEmail: (await createUser(t.database.db)).email,
    resetToken: tokenIn(t.mailer.lastTo(linkOwner)),
    invitationToken: tokenIn(t.mailer.lastTo(invitation.email)),
    signedFile: await signedFile(t),
    ai: await aiLessonWorld(t, student),
  }
}

/** The student's AI lesson: a learned language, a saved word and an answered conversation. */
async function aiLessonWorld(t: TestApp, student: { user: User; token: string }): Promise<World['ai']> {
  const languageId = await languageIdOf(t, 'Spanish')
  await t.database.db
    .insert(studentLearnedLanguages)
    .values({ studentId: student.user.id, languageId })
    .onConflictDoNothing()
  const word = await postJson(t, student.token, '/ai-lesson/words/create', {
    term: 'el libro',
    translation: 'książka',
  })
  const chat = await postJson(t, student.token, '/ai-lesson/chat/send', { text: 'Hola' })
  const stored = chatEvents(chat.payload)[0]
  return {
    languageId,
    wordId: v.parse(wordResponse, word.json()).data.id,
    conversationId: stored?.event === 'stored' ? stored.data.conversation.id : '',
  }
}
