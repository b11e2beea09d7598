import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import {
  aboutSchema,
  bankDetailsSchema,
  dateOfBirthSchema,
  descriptionSchema,
  nameSchema,
  phoneSchema,
  requiredLine,
  SOCIAL_LINKS_MAX,
  urlSchema,
} from '../validation/rules.ts'
import { specializationsMatchTaught, teacherLanguagesEntries } from '../validation/teacher-languages.ts'
import { okResponse } from './auth.ts'
import { emailSchema, localeSchema, newPasswordSchema } from './common.ts'

// Registration (product-rules.md "Screens and routes", "Records and fields"): /registration and
// POST /teachers/sign_up.
// Multipart requests carry this JSON in a `payload` part beside the file parts `image` and
// `video` (docs/decisions.md); the schemas take `today` (YYYY-MM-DD, Poland time) for the
// date-of-birth rule.

const agreed = v.literal(true, issue('agreement_required'))
const consent = v.optional(v.boolean(issue('invalid')), false)

const passwordPair = {
  password: newPasswordSchema,
  password_confirmation: v.string(issue('required')),
}
export const detailsFields = (today: string) => ({
  first_name: nameSchema,
  last_name: nameSchema,
  phone_number: phoneSchema,
  date_of_birth: dateOfBirthSchema(today),
})

/** In registration social links are name and link pairs. */
export const registrationSocialLinkSchema = v.object({ name: requiredLine(50), link: urlSchema })

export const teacherSignUpSchema = (today: string) =>
  v.pipe(
    v.object({
      ...detailsFields(today),
      email: emailSchema,
      ...passwordPair,
      description: descriptionSchema,
      about: v.optional(aboutSchema, ''),
      social_links: v.optional(
        v.pipe(
          v.array(registrationSocialLinkSchema, issue('invalid')),
          v.maxLength(SOCIAL_LINKS_MAX, issue('too_many', SOCIAL_LINKS_MAX)),
        ),
        [],
      ),
      ...teacherLanguagesEntries,
      bank: bankDetailsSchema,
      user_rules_agreed: agreed,
      teacher_rules_agreed: agreed,
      commercial_sms_consent: consent,
      commercial_email_consent: consent,
      locale: v.optional(localeSchema, 'pl'),
    }),
    v.forward(
      v.partialCheck(
        [['password'], ['password_confirmation']],
        (input) => input.password === input.password_confirmation,
        issue('password_mismatch'),
      ),
      ['password_confirmation'],
    ),
    v.forward(
      v.partialCheck(
        [['taught_languages'], ['language_specializations']],
        specializationsMatchTaught,
        issue('specialization_required'),
      ),
      ['language_specializations'],
    ),
  )
export type TeacherSignUpInput = v.InferInput<ReturnType<typeof teacherSignUpSchema>>
export type TeacherSignUp = v.InferOutput<ReturnType<typeof teacherSignUpSchema>>

/**
 * The account awaits an operator's verification (product-rules.md "Sign-in and account states");
 * the client logs out.
 */
export const teacherSignUpResponse = okResponse

/**
 * POST /students/sign_up (authenticated by the session that accept_invitation started): the three
 * steps of an invited student (details, picture, agreements) complete the registration.
 */
export const studentSignUpSchema = (today: string) =>
  v.pipe(
    v.object({
      ...detailsFields(today),
      ...passwordPair,
      user_rules_agreed: agreed,
      voice_recording_agreed: agreed,
      commercial_sms_consent: consent,
      commercial_email_consent: consent,
      locale: v.optional(localeSchema, 'pl'),
    }),
    v.forward(
      v.partialCheck(
        [['password'], ['password_confirmation']],
        (input) => input.password === input.password_confirmation,
        issue('password_mismatch'),
      ),
      ['password_confirmation'],
    ),
  )
export type StudentSignUpInput = v.InferInput<ReturnType<typeof studentSignUpSchema>>
export type StudentSignUp = v.InferOutput<ReturnType<typeof studentSignUpSchema>>
