import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type WaitlistCreate,
  type WaitlistEntry,
  waitlistAnswerSchema,
  waitlistDeleteAnswerSchema,
  waitlistIndexSchema,
} from '../../domain/api/waitlist.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { http } from './http.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The student's waitlists (decisions.md "The calendar feed and the waitlist"). GET /waitlist/index,
// POST /waitlist/create (wait for a teacher, or change the days and hours of that wait), POST
// /waitlist/delete (leave).

export const waitlistKeys = { all: ['waitlist'] as const }

export const waitlistQueryOptions = () =>
  queryOptions({
    queryKey: waitlistKeys.all,
    queryFn: ({ signal }) => http.get('/waitlist/index', waitlistIndexSchema, { signal }).then((a) => a.data),
  })

export const useWaitlists = (enabled = true) => useQuery({ ...waitlistQueryOptions(), enabled })

export function useJoinWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...waitlistKeys.all, 'join'],
    // Errors (a full list, a bad time) are shown in the dialog.
    mutationFn: (input: WaitlistCreate) =>
      waitAtLeast(
        http
          .post('/waitlist/create', waitlistAnswerSchema, { json: input, inline: true })
          .then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    onSuccess: (entry) =>
      queryClient.setQueryData<WaitlistEntry[]>(waitlistKeys.all, (entries) =>
        entries?.some((e) => e.id === entry.id)
          ? entries.map((e) => (e.id === entry.id ? entry : e))
          : [...(entries ?? []), entry],
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  })
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...waitlistKeys.all, 'leave'],
    mutationFn: (id: string) =>
      waitAtLeast(
        http.post('/waitlist/delete', waitlistDeleteAnswerSchema, { json: { id } }).then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    onSuccess: ({ id }) =>
      queryClient.setQueryData<WaitlistEntry[]>(waitlistKeys.all, (entries) =>
        entries?.filter((e) => e.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  })
}
