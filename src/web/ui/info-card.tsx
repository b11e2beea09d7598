import '@mantine/core/styles/ThemeIcon.css'
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'

type InfoCardProps = {
  title: ReactNode
  children?: ReactNode
  /** `info` for neutral notes, `warning` for something the user should complete. */
  tone?: 'info' | 'warning'
  /** A button or link that resolves the note. */
  action?: ReactNode
}

/**
 * The shared UI's info card (product-rules.md "Screens and routes"): a calm note with an optional
 * action, never only colour.
 */
export function InfoCard({ title, children, tone = 'info', action }: InfoCardProps) {
  const color = tone === 'warning' ? 'accent' : 'indigo'
  const Icon = tone === 'warning' ? IconAlertTriangle : IconInfoCircle
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg={`var(--mantine-color-${color}-0)`}
      style={{ borderColor: `var(--mantine-color-${color}-2)` }}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={color} radius="xl" size={32} aria-hidden>
          <Icon size={18} />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{title}</Text>
          {children && (
            <Text size="sm" c="gray.8" component="div">
              {children}
            </Text>
          )}
          {action && <Group gap="xs">{action}</Group>}
        </Stack>
      </Group>
    </Paper>
  )
}
