import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { type Timetable, timetableResponse } from '../../domain/api/timetables.ts'
import { addDays } from '../../domain/poland-time.ts'
import type { MirrorAddress } from '../offline/timetable-mirror.ts'
import { ApiError } from './api-error.ts'
import { http } from './http.ts'
import { getSession } from './session.ts'

// GET /teachers/timetables/show (teacher_id, date_from, date_to), one week at a time, for the
// student's set-lessons screen and the teacher's own week view alike. The offline mirror (Dexie) is
// a chunk of its own, downloaded with the first week shown.
const mirror = () => import('../offline/timetable-mirror.ts')

export const timetableKeys = {
  all: ['timetables'] as const,
  teacher: (teacherId: string) => [...timetableKeys.all, teacherId] as const,
  week: (teacherId: string, weekStart: string) => [...timetableKeys.teacher(teacherId), weekStart] as const,
}

/**
 * A timetable as the screens receive it. `mirroredAt` is null for a fresh answer; when the network
 * failed it is the time the offline copy was saved (shown as possibly stale).
 */
export type LoadedTimetable = Timetable & { mirroredAt: number | null }

async function fetchTimetable(teacherId: string, weekStart: string, signal: AbortSignal) {
  const session = getSession()
  const address: MirrorAddress | null = session ? { userId: session.userId, teacherId, weekStart } : null
  const query = new URLSearchParams({
    teacher_id: teacherId,
    date_from: weekStart,
    date_to: addDays(weekStart, 6),
  })
  try {
    // `inline`: the week view shows its own error state (and the offline copy) instead of a toast.
    const answer = await http.get(`/teachers/timetables/show?${query}`, timetableResponse, {
      signal,
      inline: true,
    })
    if (address) {
      mirror()
        .then(({ saveTimetable }) => saveTimetable(address, answer.data))
        .catch((error: unknown) => {
          console.warn('The timetable could not be mirrored for offline use', error)
        })
    }
    const loaded: LoadedTimetable = { ...answer.data, mirroredAt: null }
    return loaded
  } catch (error) {
    if (address && error instanceof ApiError && error.kind === 'network') {
      const mirrored = await mirror()
        .then(({ loadTimetable }) => loadTimetable(address))
        .catch(() => null)
      if (mirrored) {
        const loaded: LoadedTimetable = { ...mirrored.timetable, mirroredAt: mirrored.savedAt }
        return loaded
      }
    }
    throw error
  }
}

/** One teacher's week (Monday `weekStart` … Sunday); idle without a teacher. */
export function timetableQueryOptions(teacherId: string | null, weekStart: string) {
  return queryOptions({
    queryKey: timetableKeys.week(teacherId ?? '', weekStart),
    queryFn: teacherId ? ({ signal }) => fetchTimetable(teacherId, weekStart, signal) : skipToken,
    // Slots are booked by others all the time: refetch when the screen comes back into view.
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  })
}

export const useTimetable = (teacherId: string | null, weekStart: string) =>
  useQuery(timetableQueryOptions(teacherId, weekStart))

/**
 * The teachers' weeks saved on this device for the signed-in user, newest first (offered on
 * set-lessons while the search cannot be reached). Never stale: read afresh.
 */
export function useMirroredWeeks(enabled: boolean) {
  const userId = getSession()?.userId ?? null
  return useQuery({
    queryKey: [...timetableKeys.all, 'mirrored', userId],
    queryFn:
      userId && enabled
        ? () => mirror().then(({ listMirroredWeeks }) => listMirroredWeeks(userId))
        : skipToken,
    staleTime: 0,
    networkMode: 'always',
  })
}
