import * as v from 'valibot'
import { createDraftStore } from '../../offline/draft-store.ts'
import type { AgreementsValues, DetailsValues } from '../../ui/forms/section-rules.ts'
import { emptyTeacherForm, TEACHER_STEPS, type TeacherFormValues } from './teacher-form.ts'

// What survives a reload of /registration (decisions.md "Registration in the web app"): everything
// typed except the passwords (never written to storage) and the files (a File cannot be stored;
// they are chosen again). Keys: `lektorium:registration-draft:teacher` and
// `lektorium:registration-draft:student:<user id>`.

const text = v.pipe(v.string(), v.maxLength(5000))
const id = v.pipe(v.number(), v.integer(), v.minValue(1))
const flag = v.boolean()

const agreementsSchema = v.object({
  user_rules_agreed: flag,
  teacher_rules_agreed: flag,
  voice_recording_agreed: flag,
  commercial_sms_consent: flag,
  commercial_email_consent: flag,
})
const detailsEntries = { first_name: text, last_name: text, phone_number: text, date_of_birth: text }

const teacherDraftSchema = v.object({
  furthest: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(TEACHER_STEPS.length - 1)),
  values: v.object({
    ...detailsEntries,
    email: text,
    description: text,
    about: text,
    social_links: v.pipe(v.array(v.object({ name: text, link: text })), v.maxLength(20)),
    language_rows: v.pipe(
      v.array(
        v.object({
          language_id: v.nullable(id),
          level_id: v.nullable(id),
          specialization_ids: v.pipe(v.array(id), v.maxLength(50)),
        }),
      ),
      v.minLength(1),
      v.maxLength(50),
    ),
    teaching_languages: v.pipe(v.array(id), v.maxLength(50)),
    iban: text,
    swift: text,
    address: v.object({
      street: text,
      buildingNumber: text,
      apartmentNumber: text,
      zip: text,
      city: text,
      country: text,
    }),
    agreements: agreementsSchema,
  }),
})

export type TeacherDraft = v.InferOutput<typeof teacherDraftSchema>

export const teacherDraftStore = createDraftStore('lektorium:registration-draft:teacher', teacherDraftSchema)

/** The form values without the passwords, as stored. */
export function teacherDraftOf(values: TeacherFormValues, furthest: number): TeacherDraft {
  const { password: _password, password_confirmation: _confirmation, ...kept } = values
  return { furthest, values: kept }
}

/** A restored draft → form values (passwords empty). */
export const teacherValuesOf = (draft: TeacherDraft): TeacherFormValues => ({
  ...emptyTeacherForm(),
  ...draft.values,
})

const studentDraftSchema = v.object({
  furthest: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2)),
  values: v.object({ ...detailsEntries, agreements: agreementsSchema }),
})

export type StudentDraftValues = DetailsValues & AgreementsValues
export type StudentDraft = v.InferOutput<typeof studentDraftSchema>

export const studentDraftStore = (userId: string) =>
  createDraftStore(`lektorium:registration-draft:student:${userId}`, studentDraftSchema)
