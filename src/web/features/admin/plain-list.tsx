import { Stack } from '@mantine/core'
import type { ReactNode } from 'react'

/** A list of cards without bullets or indent, named for screen readers. */
export function PlainList({
  ordered,
  label,
  children,
}: {
  ordered?: boolean
  label: string
  children: ReactNode
}) {
  return (
    <Stack
      gap={6}
      component={ordered ? 'ol' : 'ul'}
      aria-label={label}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {children}
    </Stack>
  )
}
