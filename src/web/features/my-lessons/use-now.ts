import { useEffect, useState } from 'react'

/** The join window (product-rules.md "Join window"): how often the screen looks at the clock again. */
export const NOW_TICK_MS = 30_000

/** The current time (epoch ms), renewed every `everyMs`, so rules that depend on it re-evaluate. */
export function useNow(everyMs: number = NOW_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
