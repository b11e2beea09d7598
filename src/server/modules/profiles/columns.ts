import type { StudentUpdate, TeacherUpdate } from '../../../domain/api/profile-update.ts'
import type { BankDetailsInput } from '../../../domain/validation/rules.ts'
import { swiftRequired } from '../../../domain/validation/rules.ts'
import type { StoredAddress } from '../../db/schema.ts'
import type { UserChanges } from '../users/public.ts'

// Validated payloads (src/domain schemas) → the users table's columns. Shared by the registration
// and the profile updates so both store a value the same way.

/** Either role's update; a key the role may not send never gets here (strict schemas). */
export type ProfileChanges = Partial<StudentUpdate & TeacherUpdate>

type BankDetails = { iban: string; swift?: string | undefined; address: BankDetailsInput['address'] }

/**
 * product-rules.md "Bank details": SWIFT only for a foreign account (a PL one keeps none); no empty
 * apartment number.
 */
export function bankColumns(bank: BankDetails): Pick<UserChanges, 'iban' | 'swift' | 'address'> {
  const { apartmentNumber, ...address } = bank.address
  const stored: StoredAddress = apartmentNumber ? { ...address, apartmentNumber } : address
  return {
    iban: bank.iban,
    swift: swiftRequired(bank.iban) && bank.swift ? bank.swift : null,
    address: stored,
  }
}

/**
 * The "Profile update payloads" of product-rules.md "API calls": the columns each sent group
 * changes. A key the payload did not carry stays undefined, and Drizzle leaves undefined keys out
 * of the UPDATE.
 */
export function profileColumns(changes: ProfileChanges, now: Date): UserChanges {
  const { iban, swift, address } = changes
  return {
    firstName: changes.first_name,
    lastName: changes.last_name,
    phoneNumber: changes.phone_number,
    dateOfBirth: changes.date_of_birth,
    description: changes.description,
    about: changes.about,
    socialLinks: changes.social_links,
    locale: changes.locale,
    smsNotificationsEnabled: changes.sms_notifications_enabled,
    emailNotificationsEnabled: changes.email_notifications_enabled,
    commercialSmsConsent: changes.commercial_sms_consent,
    commercialEmailConsent: changes.commercial_email_consent,
    notAcceptingNewStudents: changes.not_accepting_new_students,
    // product-rules.md "Language onboarding": the server's clock says when it was completed, not
    // the client's.
    ...(changes.onboarding_completed_at === undefined ? {} : { onboardingCompletedAt: now }),
    ...(iban !== undefined && address !== undefined ? bankColumns({ iban, swift, address }) : {}),
  }
}
