import * as v from 'valibot'
import { type TeacherSignUp, teacherSignUpSchema } from '../../../domain/api/registration.ts'
import type { FieldError } from '../../../domain/errors.ts'
import type { AppContext } from '../../context.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { polandToday } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import { englishIssue } from '../../platform/issue-english.ts'
import { hashPassword } from '../../platform/passwords.ts'
import type { StoredFile } from '../../platform/storage.ts'
import type { Upload } from '../../platform/uploads.ts'
import { fieldErrors } from '../../platform/validate.ts'
import { assertKnownReferences, teacherLanguageRefs } from '../dictionaries/public.ts'
import { bankColumns } from '../profiles/public.ts'
import { findUserByEmail, insertUser, replaceTeacherLanguages, type UserValues } from '../users/public.ts'

// POST /teachers/sign_up: the six steps of the registration (product-rules.md "Screens and routes":
// details, picture, video, teaching skills, billing details, agreements) arrive in one multipart
// request.

export type TeacherSignUpFiles = 'image' | 'video'

const fileRequired = (field: string): FieldError => ({
  field,
  message: englishIssue({ code: 'file_required', param: '' }),
  code: 'file_required',
})

/** The payload and both files, or one 400 that names every problem at once. */
function parseSignUp(upload: Upload<TeacherSignUpFiles>, today: string) {
  const result = v.safeParse(teacherSignUpSchema(today), upload.payload)
  const { image, video } = upload.files
  if (!result.success || !image || !video) {
    const errors = result.success ? [] : fieldErrors(result.issues)
    if (!image) errors.push(fileRequired('image'))
    if (!video) errors.push(fileRequired('video'))
    throw new AppError('validation_failed', { errors })
  }
  return { input: result.output, image, video }
}

function teacherValues(
  input: TeacherSignUp,
  files: { passwordHash: string; image: StoredFile; video: StoredFile },
  now: Date,
): UserValues {
  return {
    email: input.email,
    passwordHash: files.passwordHash,
    role: 'teacher',
    // product-rules.md "Sign-in and account states": "Teacher accounts await verification before
    // login works" (ops verify-teacher).
    status: 'pending_verification',
    registrationCompleted: true,
    firstName: input.first_name,
    lastName: input.last_name,
    phoneNumber: input.phone_number,
    dateOfBirth: input.date_of_birth,
    description: input.description,
    about: input.about || null,
    // product-rules.md "Records and fields": the profile keeps links as strings; the names of the
    // registration form are labels.
    socialLinks: [...new Set(input.social_links.map((social) => social.link))],
    ...bankColumns(input.bank),
    userRulesAgreed: input.user_rules_agreed,
    teacherRulesAgreed: input.teacher_rules_agreed,
    commercialSmsConsent: input.commercial_sms_consent,
    commercialEmailConsent: input.commercial_email_consent,
    locale: input.locale,
    imageKey: files.image.key,
    videoKey: files.video.key,
    createdAt: now,
    updatedAt: now,
  }
}

/**
 * Creates the teacher and their languages in one transaction. The files are already stored; the
 * caller deletes them if this fails (platform/uploads.ts withUpload).
 */
export async function signUpTeacher(
  ctx: Pick<AppContext, 'db' | 'clock' | 'mail' | 'mailer'>,
  upload: Upload<TeacherSignUpFiles>,
): Promise<void> {
  const { input, image, video } = parseSignUp(upload, polandToday(ctx.clock))
  // product-rules.md "Validation": "This email is already in use"; the unique index settles a race
  // (below).
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError('email_taken')
  await assertKnownReferences(ctx, teacherLanguageRefs(input))
  const passwordHash = await hashPassword(input.password)
  let teacherId: string
  try {
    teacherId = await ctx.db.transaction(async (tx) => {
      const teacher = await insertUser(
        tx,
        teacherValues(input, { passwordHash, image, video }, ctx.clock.now()),
      )
      await replaceTeacherLanguages(tx, teacher.id, input)
      await ctx.mail.add(tx, [{ kind: 'teacher-signed-up', ref: teacher.id }])
      return teacher.id
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken')
    throw error
  }
  // The acknowledgement, in the teacher's locale, after the answer (users/teacher-mails.ts).
  ctx.mail.deliverLater([{ kind: 'teacher-signed-up', ref: teacherId }], ctx.mailer)
}
