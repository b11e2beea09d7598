// Wall-clock times of day ('HH:mm', Poland time) as minutes since midnight (the time picker and
// its earliest selectable time, product-rules.md "Validation", "Constants and limits").

export const DAY_START_MINUTES = 6 * 60
export const DAY_END_MINUTES = 23 * 60
export const TIME_STEP_MINUTES = 15

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/

export function parseTime(value: string): number | null {
  const match = HH_MM.exec(value)
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

export function formatTime(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
}

/** The teacher's schedule uses 15-minute steps between 06:00 and 23:00. */
export const isScheduleTime = (minutes: number) =>
  minutes >= DAY_START_MINUTES && minutes <= DAY_END_MINUTES && minutes % TIME_STEP_MINUTES === 0
