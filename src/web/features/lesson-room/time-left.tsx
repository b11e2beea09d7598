import { Trans } from '@lingui/react/macro'
import { Text } from '@mantine/core'
import { useEffect, useState } from 'react'

const SECOND_MS = 1_000
const MINUTE_MS = 60 * SECOND_MS

/** "m:ss" or "h:mm:ss" of a duration. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / SECOND_MS))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

/** Time left in the lesson (until its end); before the start, the time until it starts. */
export function TimeLeft({ startsAt, endsAt }: { startsAt: string; endsAt: string }) {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS)
    return () => clearInterval(timer)
  }, [])
  const start = Date.parse(startsAt)
  const end = Date.parse(endsAt)
  const left = clockText(end - now)
  const toStart = clockText(start - now)
  const ending = end - now <= 5 * MINUTE_MS
  return (
    <Text
      size="sm"
      fw={600}
      c={ending ? 'orange.4' : 'gray.2'}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {now < start ? (
        <Trans>Start za {toStart}</Trans>
      ) : now < end ? (
        <Trans>Zostało {left}</Trans>
      ) : (
        <Trans>Czas lekcji minął</Trans>
      )}
    </Text>
  )
}
