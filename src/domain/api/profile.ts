import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { envelope, idSchema, localeSchema, roleSchema } from './common.ts'

const nullableString = v.nullable(v.string())

// The bank details' address (product-rules.md "Bank details").
export const addressSchema = v.object({
  id: v.optional(v.string()),
  street: v.string(),
  buildingNumber: v.string(),
  apartmentNumber: v.optional(v.string()),
  zip: v.string(),
  city: v.string(),
  country: v.string(),
})

// The profile (product-rules.md "Records and fields"), as returned by GET /students/me and
// GET /teachers/me.
export const profileSchema = v.object({
  id: idSchema,
  email: v.string(),
  role: roleSchema,
  registration_completed: v.boolean(),
  registration_complete: v.boolean(),
  first_name: nullableString,
  last_name: nullableString,
  date_of_birth: nullableString,
  phone_number: nullableString,
  image_url: nullableString,
  video_url: nullableString,
  voice_sample_url: nullableString,
  description: nullableString,
  about: nullableString,
  average_rating: v.nullable(v.number()),
  ratings: v.number(),
  social_links: v.array(v.string()),
  tutorial_finished: v.boolean(),
  has_cyclical_timetable: v.boolean(),
  sms_notifications_enabled: v.boolean(),
  email_notifications_enabled: v.boolean(),
  commercial_sms_consent: v.boolean(),
  commercial_email_consent: v.boolean(),
  user_rules_agreed: v.boolean(),
  teacher_rules_agreed: v.boolean(),
  voice_recording_agreed: v.boolean(),
  active_until: nullableString,
  company_name: nullableString,
  onboarding_completed_at: nullableString,
  only_group_lessons: v.boolean(),
  address: v.nullable(addressSchema),
  iban: nullableString,
  swift: nullableString,
  ai_access: v.boolean(),
  human_access: v.boolean(),
  not_accepting_new_students: v.boolean(),
  warned_at: nullableString,
  banned_until: nullableString,
  locale: localeSchema,
  taught_languages: v.array(v.object({ language_id: v.number(), level_id: v.number() })),
  teaching_languages: v.array(v.number()),
  language_specializations: v.array(v.object({ specialization_id: v.number(), language_id: v.number() })),
  languages_learned: v.array(v.object({ language_id: v.number() })),
})
export type Profile = v.InferOutput<typeof profileSchema>
/**
 * A profile as the server sends it: also `teacher_students`, the count of the teacher's approved
 * (allowed, product-rules.md "Allowed students") students, null for a student. Only the teacher's
 * profile screen reads it (domain/api/teachers.ts teacherStudentsCountResponse): the schema above
 * is parsed by the sign-in page's own JavaScript, whose budget (150 kB) it would grow.
 */
export type OwnProfile = Profile & { teacher_students: number | null }
export const profileResponse = envelope(profileSchema)

const languageLevel = v.object({ language_id: v.number(), level_id: v.number() })

/**
 * A student's recent rating of the teacher as the teacher's page shows it: the value, the comment
 * and the student as first name and initial only
 * (decisions.md "Ratings read where people look; a lesson's state from one rule").
 */
export const teacherReviewSchema = v.object({
  value: v.number(),
  comment: v.string(),
  /** "Marta D." — never the full last name nor the student's id. */
  student_name: v.string(),
  rated_at: v.string(),
})
export type TeacherReview = v.InferOutput<typeof teacherReviewSchema>

// GET /teachers/show: the teacher summary page, teacher/{id} (product-rules.md "Screens and routes").
export const teacherSummarySchema = v.object({
  id: idSchema,
  first_name: v.string(),
  last_name: v.string(),
  image_url: nullableString,
  video_url: nullableString,
  description: nullableString,
  about: nullableString,
  average_rating: v.nullable(v.number()),
  ratings: v.number(),
  social_links: v.array(v.string()),
  taught_languages: v.array(languageLevel),
  teaching_languages: v.array(v.number()),
  language_specializations: v.array(v.object({ specialization_id: v.number(), language_id: v.number() })),
  not_accepting_new_students: v.boolean(),
  /**
   * The newest ratings with their comments, newest first. Optional: summaries kept on the device
   * before it came have none.
   */
  recent_reviews: v.optional(v.array(teacherReviewSchema), []),
})
export type TeacherSummary = v.InferOutput<typeof teacherSummarySchema>
export const teacherSummaryResponse = envelope(teacherSummarySchema)

// GET /students/show: what a teacher sees of a student (product-rules.md "Roles and permissions").
export const studentSummarySchema = v.object({
  id: idSchema,
  first_name: nullableString,
  last_name: nullableString,
  image_url: nullableString,
  about: nullableString,
  languages_learned: v.array(v.object({ language_id: v.number() })),
})
export type StudentSummary = v.InferOutput<typeof studentSummarySchema>
export const studentSummaryResponse = envelope(studentSummarySchema)

const personId = v.pipe(v.string(issue('required')), v.nonEmpty(issue('required')), v.uuid(issue('invalid')))

/** GET /teachers/show?teacher_id= */
export const teacherShowQuery = v.object({ teacher_id: personId })

/** GET /students/show?user_id= */
export const studentShowQuery = v.object({ user_id: personId })
