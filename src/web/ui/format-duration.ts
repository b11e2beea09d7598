const twoDigits = (n: number) => String(n).padStart(2, '0')

/** "3:12" or "1:02:05": whole seconds, as a player counts them (a recording's length, its clock). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return h > 0 ? `${h}:${twoDigits(m)}:${twoDigits(s)}` : `${m}:${twoDigits(s)}`
}
