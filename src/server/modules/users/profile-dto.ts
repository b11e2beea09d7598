import type { OwnProfile, StudentSummary, TeacherSummary } from '../../../domain/api/profile.ts'
import { memberRole } from '../../platform/auth.ts'
import type { FileUrls } from '../../platform/file-urls.ts'
import type { User } from '../../platform/sessions.ts'
import type { findUserLanguages } from './repository.ts'

export type UserLanguages = Awaited<ReturnType<typeof findUserLanguages>>

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** The signed URLs of a user's files; callers give them only to people allowed to see the files. */
export function fileUrlsOf(fileUrls: FileUrls, user: User) {
  return {
    image_url: fileUrls.url(user.imageKey),
    video_url: fileUrls.url(user.videoKey),
    voice_sample_url: fileUrls.url(user.voiceSampleKey),
  }
}

/**
 * Profile (product-rules.md "Records and fields") as the API shows it; never the row (no password
 * hash, no storage keys).
 */
export function toProfile(
  user: User,
  languages: UserLanguages,
  fileUrls: FileUrls,
  teacherStudents: number | null = null,
): OwnProfile {
  return {
    id: user.id,
    email: user.email,
    role: memberRole(user),
    // product-rules.md "Records and fields": both spellings occur.
    registration_completed: user.registrationCompleted,
    registration_complete: user.registrationCompleted,
    first_name: user.firstName,
    last_name: user.lastName,
    date_of_birth: user.dateOfBirth,
    phone_number: user.phoneNumber,
    ...fileUrlsOf(fileUrls, user),
    description: user.description,
    about: user.about,
    // Kept by the ratings' own transaction (modules/ratings).
    average_rating: user.averageRating,
    ratings: user.ratingsCount,
    social_links: user.socialLinks,
    tutorial_finished: user.tutorialFinished,
    has_cyclical_timetable: user.hasCyclicalTimetable,
    sms_notifications_enabled: user.smsNotificationsEnabled,
    email_notifications_enabled: user.emailNotificationsEnabled,
    commercial_sms_consent: user.commercialSmsConsent,
    commercial_email_consent: user.commercialEmailConsent,
    user_rules_agreed: user.userRulesAgreed,
    teacher_rules_agreed: user.teacherRulesAgreed,
    voice_recording_agreed: user.voiceRecordingAgreed,
    active_until: user.activeUntil,
    company_name: user.companyName,
    onboarding_completed_at: iso(user.onboardingCompletedAt),
    only_group_lessons: user.onlyGroupLessons,
    address: user.address ?? null,
    iban: user.iban,
    swift: user.swift,
    ai_access: user.aiAccess,
    human_access: user.humanAccess,
    not_accepting_new_students: user.notAcceptingNewStudents,
    teacher_students: user.role === 'teacher' ? (teacherStudents ?? 0) : null,
    warned_at: iso(user.warnedAt),
    banned_until: iso(user.bannedUntil),
    locale: user.locale,
    taught_languages: languages.taught,
    teaching_languages: languages.teaching,
    language_specializations: languages.specializations,
    languages_learned: languages.learned,
  }
}

/** GET /teachers/show: what any signed-in user sees of a verified teacher. */
export function toTeacherSummary(
  teacher: User,
  languages: UserLanguages,
  fileUrls: FileUrls,
  reviews: TeacherSummary['recent_reviews'],
): TeacherSummary {
  const { image_url, video_url } = fileUrlsOf(fileUrls, teacher)
  return {
    id: teacher.id,
    first_name: teacher.firstName ?? '',
    last_name: teacher.lastName ?? '',
    image_url,
    video_url,
    description: teacher.description,
    about: teacher.about,
    // Kept by the ratings' own transaction (modules/ratings).
    average_rating: teacher.averageRating,
    ratings: teacher.ratingsCount,
    social_links: teacher.socialLinks,
    taught_languages: languages.taught,
    teaching_languages: languages.teaching,
    language_specializations: languages.specializations,
    not_accepting_new_students: teacher.notAcceptingNewStudents,
    recent_reviews: reviews,
  }
}

/** GET /students/show: what a teacher, or the student, sees of a student. */
export function toStudentSummary(
  student: User,
  languages: UserLanguages,
  fileUrls: FileUrls,
): StudentSummary {
  return {
    id: student.id,
    first_name: student.firstName,
    last_name: student.lastName,
    image_url: fileUrls.url(student.imageKey),
    about: student.about,
    languages_learned: languages.learned,
  }
}
