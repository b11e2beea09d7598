import { Center, Loader, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A centred spinner with a label that screen readers announce. */
export function PageLoader({ label }: { label: ReactNode }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  )
}
