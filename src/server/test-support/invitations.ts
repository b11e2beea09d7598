import type { InvitedStudent } from '../modules/invitations/repository.ts'
import { uniqueEmail } from './fixtures.ts'

/** An operator's invitation of a student with human lessons (ops invite-student), as `overrides` say. */
export const invitedStudentValues = (overrides: Partial<InvitedStudent> = {}): InvitedStudent => ({
  email: uniqueEmail('invited'),
  humanAccess: true,
  aiAccess: false,
  onlyGroupLessons: false,
  companyName: null,
  activeUntil: null,
  locale: 'pl',
  ...overrides,
})
