import type { Attendance } from '../../../domain/api/my-lessons.ts'

// protocol §4: the lesson's attendance as its parties see it, from the server's records of the
// room's sockets (room_connections): each role's intervals of presence, oldest first. A reconnect
// (a network change, a server restart, a reload) leaves a gap of seconds between two sockets; gaps
// of up to a minute are not an absence, so such intervals make one.

const MERGE_GAP_MS = 60_000

type Interval = { role: Attendance['role']; from: number; to: number | null }

export function mergeAttendance(rows: Attendance[]): Attendance[] {
  const merged: Interval[] = []
  const last = new Map<Attendance['role'], Interval>()
  const sorted = rows
    .map((row) => ({
      role: row.role,
      from: Date.parse(row.from),
      to: row.to === null ? null : Date.parse(row.to),
    }))
    .sort((a, b) => a.from - b.from)
  for (const row of sorted) {
    const current = last.get(row.role)
    if (current && (current.to === null || row.from - current.to <= MERGE_GAP_MS)) {
      current.to = current.to === null || row.to === null ? null : Math.max(current.to, row.to)
      continue
    }
    merged.push(row)
    last.set(row.role, row)
  }
  return merged.map((interval) => ({
    role: interval.role,
    from: new Date(interval.from).toISOString(),
    to: interval.to === null ? null : new Date(interval.to).toISOString(),
  }))
}
