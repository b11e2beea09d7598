import type { Role } from '../../../domain/api/common.ts'
import { fromPolandLocal } from '../../../domain/poland-time.ts'

// product-rules.md "Sign-in and account states": for a teacher, a schedule-change notice
// (InformAboutHarmonogramChange) appears 500 ms after login while 19 July 2024 23:59 Poland time
// has not passed. It announces the calendar switch of 12 July, which students are told of the same
// way, in their own words (decisions.md "The calendar-switch notice for students"). Shown once per
// sign-in (docs/decisions.md).

export const SCHEDULE_NOTICE_DELAY_MS = 500

/** 19 July 2024 23:59 in Poland (summer time, so 21:59 UTC). */
export const SCHEDULE_NOTICE_CUTOFF = fromPolandLocal({ year: 2024, month: 7, day: 19, hour: 23, minute: 59 })

export const NOTICE_SEEN_KEY = 'schedule_notice_seen'

/** One sign-in of one user: a new sign-in counts as "just logged in" again. */
export const noticeSeenValue = (userId: string, sessionExpiresAt: string) => `${userId}|${sessionExpiresAt}`

/**
 * Which notice is due: the teacher's schedule-change notice or the student's calendar-switch
 * notice, before the cutoff, when not yet shown in this sign-in (the "after login" of
 * product-rules.md "Sign-in and account states").
 */
export function scheduleNoticeDue(role: Role, now: number, shownThisSignIn: boolean): Role | null {
  return now < SCHEDULE_NOTICE_CUTOFF.getTime() && !shownThisSignIn ? role : null
}
