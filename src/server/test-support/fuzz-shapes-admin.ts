import { DEFAULT_BAN_DURATION_DAYS } from '../../domain/constants.ts'
import type { Shape } from './fuzz-shapes.ts'
import type { World } from './fuzz-world.ts'

// The school's console for the fuzz: the operator's second factor and the operator
// APIs. Enrolment is the not-yet-enrolled operator's; every /admin route is the operator's whose
// session passed the second factor. A confirmation's code is wrong on purpose (the right one
// depends on the secret the enrolment just replaced): its unmodified request answers 400.

export const ADMIN_SHAPES: Record<string, (w: World) => Shape[]> = {
  'GET /api/v1/operator/me': () => [{ as: 'operator', expect: 200 }],
  'POST /api/v1/operator/second_factor/enrol': () => [{ as: 'pendingOperator', expect: 200 }],
  'POST /api/v1/operator/second_factor/confirm': () => [
    { as: 'pendingOperator', body: { code: '000000' }, expect: 400 },
  ],
  // Kept already by the world's operator (fuzz-world.ts), and not the pending one's to keep.
  'POST /api/v1/operator/second_factor/codes_kept': () => [{ as: 'operator', expect: 403 }],
  'POST /api/v1/operator/second_factor/new_codes': () => [{ as: 'operator', expect: 403 }],
  'POST /api/v1/operator/second_factor/verify': (w) => [
    { as: 'operator', body: { recovery_code: w.admin.recoveryCode }, expect: 200 },
  ],
  'GET /api/v1/admin/audit/index': () => [
    { as: 'operator', query: { action: 'second_factor.enrol', page: '1', per_page: '20' }, expect: 200 },
  ],
  'GET /api/v1/admin/settings/show': () => [{ as: 'operator', expect: 200 }],
  'POST /api/v1/admin/settings/update': () => [
    { as: 'operator', body: { ban_duration: DEFAULT_BAN_DURATION_DAYS }, expect: 200 },
  ],
  'POST /api/v1/admin/teachers/verify': (w) => [
    { as: 'operator', body: { email: w.admin.pendingTeacherEmail }, expect: 200 },
  ],
}
