import '@mantine/core/styles/SimpleGrid.css'
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import type { ReactNode } from 'react'

type SectionCardProps = {
  title: string
  /** A short line under the title. */
  subtitle?: ReactNode
  /** Opens the section's edit dialog; the button names the section for screen readers. */
  onEdit?: () => void
  editLabel?: string
  editAriaLabel?: string
  children: ReactNode
}

/** One part of the profile: a titled card with its edit button. */
export function SectionCard({
  title,
  subtitle,
  onEdit,
  editLabel,
  editAriaLabel,
  children,
}: SectionCardProps) {
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg">
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Stack>
          {onEdit && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={editAriaLabel}
              style={{ flexShrink: 0 }}
            >
              {editLabel}
            </Button>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}

export type Detail = { label: string; value: ReactNode }

/** Label–value pairs: two columns on wide screens, one on phones. */
export function DetailList({ items, empty }: { items: Detail[]; empty: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text
            component="dt"
            size="xs"
            c="dimmed"
            tt="uppercase"
            fw={600}
            style={{ letterSpacing: '0.03em' }}
          >
            {item.label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value || (
              <Text component="span" c="dimmed">
                {empty}
              </Text>
            )}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}
