import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { hashPassword, verifyPassword } from '../../platform/passwords.ts'
import type { User } from '../../platform/sessions.ts'
import { revokeOtherSessions } from '../../platform/sessions-repository.ts'
import { discardFiles, type StoredFile } from '../../platform/storage.ts'
import {
  assertKnownReferences,
  type DictionaryRef,
  learnedLanguageRefs,
  teacherLanguageRefs,
} from '../dictionaries/public.ts'
import { lockUser, replaceLearnedLanguages, replaceTeacherLanguages, updateUser } from '../users/public.ts'
import { type ProfileChanges, profileColumns } from './columns.ts'

// POST /students/update and /teachers/update: one or more groups of fields (validated by
// the role's schema) and optionally a new picture (and, for a teacher, video; for a student, the
// voice sample of docs/lesson-room-protocol.md §5).

export type Caller = { user: User; token: string }
export type ProfileFiles = {
  image?: StoredFile | undefined
  video?: StoredFile | undefined
  voiceSample?: StoredFile | undefined
}

/**
 * product-rules.md "Passwords": the current password must be right ("The current password is
 * incorrect").
 */
async function newPasswordHash(
  ctx: Pick<AppContext, 'limiters'>,
  user: User,
  changes: ProfileChanges,
): Promise<string | undefined> {
  if (changes.password === undefined) return undefined
  // Guessing it through a borrowed session is limited per user; only failures keep counting.
  await ctx.limiters.currentPasswordPerUser.consume(user.id)
  if (!(await verifyPassword(user.passwordHash, changes.currentPassword ?? ''))) {
    throw new AppError('current_password_incorrect')
  }
  await ctx.limiters.currentPasswordPerUser.refund(user.id)
  return hashPassword(changes.password)
}

function languageRefs(changes: ProfileChanges): DictionaryRef[] {
  const { taught_languages, teaching_languages, language_specializations, language_ids } = changes
  const refs: DictionaryRef[] = []
  if (taught_languages && teaching_languages && language_specializations) {
    refs.push(...teacherLanguageRefs({ taught_languages, teaching_languages, language_specializations }))
  }
  if (language_ids) refs.push(...learnedLanguageRefs(language_ids))
  return refs
}

/**
 * Saves the changes in one transaction. Slow work (argon2) and the dictionary checks happen before
 * it; files replaced by new ones are deleted after it commits. Never fails after the commit.
 */
export async function updateProfile(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage' | 'log' | 'limiters' | 'changes'>,
  caller: Caller,
  changes: ProfileChanges,
  files: ProfileFiles,
): Promise<void> {
  const passwordHash = await newPasswordHash(ctx, caller.user, changes)
  await assertKnownReferences(ctx, languageRefs(changes))
  const now = ctx.clock.now()
  const { taught_languages, teaching_languages, language_specializations, language_ids } = changes
  const replaced = await ctx.db.transaction(async (tx) => {
    const before = await lockUser(tx, caller.user.id)
    if (!before) throw new AppError('unauthenticated')
    await updateUser(tx, caller.user.id, {
      ...profileColumns(changes, now),
      passwordHash,
      imageKey: files.image?.key,
      videoKey: files.video?.key,
      voiceSampleKey: files.voiceSample?.key,
      updatedAt: now,
    })
    if (taught_languages && teaching_languages && language_specializations) {
      await replaceTeacherLanguages(tx, caller.user.id, {
        taught_languages,
        teaching_languages,
        language_specializations,
      })
    }
    if (language_ids) await replaceLearnedLanguages(tx, caller.user.id, language_ids)
    // architecture.md "API": a password change revokes sessions; the caller's own one stays.
    if (passwordHash) await revokeOtherSessions(tx, caller.user.id, caller.token, now)
    return [
      files.image ? before.imageKey : null,
      files.video ? before.videoKey : null,
      files.voiceSample ? before.voiceSampleKey : null,
    ]
  })
  ctx.changes.publish({ kind: 'user', id: caller.user.id })
  // A teacher's name, picture, languages and not-accepting flag are what search shows.
  if (caller.user.role === 'teacher') ctx.changes.publish({ kind: 'teacher', id: caller.user.id })
  await discardFiles(ctx, replaced)
}
