// "Already shown" markers of one-off dialogs (BanWarn, the schedule-change notice) in
// localStorage. Storage can be missing or refuse writes (private modes, full quota): then a
// marker reads as absent and the dialog shows once per visit instead.

export function readSeenMarker(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeSeenMarker(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // See above: without storage the dialog shows once per visit.
  }
}
