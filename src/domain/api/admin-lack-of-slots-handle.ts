import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { lackOfSlotsGroupKeySchema } from './admin-overview.ts'

// The one request body of the lack-of-slots queue, apart from admin-overview.ts: the web's console
// imports that file for its answers, and valibot's union, used only here, would then join the
// shared code of the login page (architecture.md "Loading").

/**
 * POST /admin/lack_of_slots/handle: some requests by id, or a whole group; `until` (an instant) keeps
 * a request that came after the operator looked unhandled.
 */
export const lackOfSlotsHandleBody = v.union([
  v.object({
    ids: v.pipe(
      v.array(v.pipe(v.string(), v.uuid(issue('invalid'))), issue('invalid')),
      v.minLength(1, issue('required')),
      v.maxLength(200, issue('too_many', 200)),
    ),
  }),
  v.object({
    group: lackOfSlotsGroupKeySchema,
    until: v.optional(
      v.pipe(
        v.string(),
        v.isoTimestamp(issue('invalid')),
        v.check((s) => !Number.isNaN(Date.parse(s)), issue('invalid')),
      ),
    ),
  }),
])
