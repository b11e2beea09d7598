import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type CalendarFeed, calendarFeedAnswerSchema } from '../../domain/api/calendar-feed.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { http } from './http.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The user's private calendar feed. GET /calendar-feeds/show (whether there is one), POST
// /calendar-feeds/create (a new address, answered once), POST /calendar-feeds/delete.

export const calendarFeedKeys = { all: ['calendar-feed'] as const }

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarFeedKeys.all,
    queryFn: ({ signal }) =>
      http.get('/calendar-feeds/show', calendarFeedAnswerSchema, { signal }).then((a) => a.data),
  })

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions())

function useFeedChange(path: '/calendar-feeds/create' | '/calendar-feeds/delete') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...calendarFeedKeys.all, path],
    mutationFn: () =>
      waitAtLeast(
        http.post(path, calendarFeedAnswerSchema, { json: {}, inline: true }).then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    // The address is kept only in the mutation's answer (and shown from it), never in the cache.
    onSuccess: (feed: CalendarFeed) =>
      queryClient.setQueryData<CalendarFeed>(calendarFeedKeys.all, { created_at: feed.created_at }),
  })
}

export const useCreateCalendarFeed = () => useFeedChange('/calendar-feeds/create')
export const useDeleteCalendarFeed = () => useFeedChange('/calendar-feeds/delete')
