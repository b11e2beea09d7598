import type { Role } from './api/common.ts'

// The agreements (product-rules.md "Records and fields"): served from this constant, not a call.
export const AGREEMENTS = [
  { key: 'user_rules_agreed', roles: ['student', 'teacher'], required: true },
  { key: 'teacher_rules_agreed', roles: ['teacher'], required: true },
  { key: 'voice_recording_agreed', roles: ['student'], required: true },
  { key: 'commercial_sms_consent', roles: ['student', 'teacher'], required: false },
  { key: 'commercial_email_consent', roles: ['student', 'teacher'], required: false },
] as const satisfies readonly { key: string; roles: readonly Role[]; required: boolean }[]

export type AgreementKey = (typeof AGREEMENTS)[number]['key']
export type Agreements = Partial<Record<AgreementKey, boolean>>

export const agreementsFor = (role: Role) => AGREEMENTS.filter((a) => a.roles.some((r) => r === role))

/**
 * product-rules.md "Validation": the role's required agreements are checked; another role's are
 * not required.
 */
export const requiredAgreementsFilled = (role: Role, agreements: Agreements) =>
  agreementsFor(role).every((a) => !a.required || agreements[a.key] === true)
