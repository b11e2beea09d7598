import type { Profile } from '../../../domain/api/profile.ts'
import { bankDataFilled } from '../../../domain/completeness.ts'
import { polandDateKey } from '../../../domain/poland-time.ts'
import { paths } from '../../config/paths.ts'

// product-rules.md "Bank details": a teacher whose bank data is not filled sees the
// MissingDataReminder on my-lessons, once per day. "Records and fields" lists its once-per-day
// marker in local storage: the Poland calendar day it was last shown, with the user it was shown to
// (two teachers may share a device).

export const REMINDER_MARKER_KEY = 'missing_data_reminder'

type ReminderProfile = Parameters<typeof bankDataFilled>[0] & Pick<Profile, 'id'>

const markerValue = (userId: string, now: number) => `${polandDateKey(now)}|${userId}`

/** Storage may be unavailable (privacy modes): the reminder then shows once per visit. */
function readMarker(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(REMINDER_MARKER_KEY) ?? null
  } catch {
    return null
  }
}

export function reminderShownToday(storage: Storage | undefined, userId: string, now: number): boolean {
  return readMarker(storage) === markerValue(userId, now)
}

export function markReminderShown(storage: Storage | undefined, userId: string, now: number): void {
  try {
    storage?.setItem(REMINDER_MARKER_KEY, markerValue(userId, now))
  } catch {
    // Without storage it shows again on the next visit, which is harmless.
  }
}

/** Whether the reminder is due on this path now. */
export function missingDataReminderDue(input: {
  profile: ReminderProfile
  pathname: string
  storage: Storage | undefined
  now: number
}): boolean {
  const { profile, pathname, storage, now } = input
  if (profile.role !== 'teacher' || bankDataFilled(profile)) return false
  if (pathname.replace(/\/+$/, '') !== paths.myLessons) return false
  return !reminderShownToday(storage, profile.id, now)
}
