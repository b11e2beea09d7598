import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type TimetableUpdate, timetableUpdateResponse } from '../../domain/api/timetables.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { http } from './http.ts'
import { profileKeys } from './profile.ts'
import { getSession } from './session.ts'
import { timetableKeys } from './timetables.ts'
import { waitAtLeast } from './wait-at-least.ts'

// POST /teachers/timetables/update (teachers only, product-rules.md "Roles and permissions"): the
// whole schedule, as timetableUpdateSchema describes it. The answer names the booked lessons the
// new schedule no longer covers; they stay (decisions.md "The teacher's schedule on the web"), and
// the dialog says so.

/** Field errors (400) are put back on the intervals by the dialog, hence `inline`. */
export const updateTimetable = (body: TimetableUpdate) =>
  http
    .post('/teachers/timetables/update', timetableUpdateResponse, { json: body, inline: true })
    .then((a) => a.data)

export function useUpdateTimetable() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['timetable-update'],
    mutationFn: (body: TimetableUpdate) => waitAtLeast(updateTimetable(body), SPINNER_MIN_MS),
    onSuccess: () => {
      const session = getSession()
      if (!session) return
      // The teacher's weeks show the new slots; the profile's has_cyclical_timetable may change.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: timetableKeys.teacher(session.userId) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.me(session.role, session.userId) }),
      ])
    },
  })
}
