import { Trans } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'

type Props = { page: number; hasMore: boolean; label: string; onPage: (page: number) => void }

/** The console's lists page by page (the server says whether there is a next one). */
export function ListPager({ page, hasMore, label, onPage }: Props) {
  if (page <= 1 && !hasMore) return null
  return (
    <Group justify="space-between" component="nav" aria-label={label}>
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <Trans>Poprzednia</Trans>
      </Button>
      <Text size="sm" c="dimmed" aria-current="page">
        <Trans>Strona {page}</Trans>
      </Text>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={!hasMore}
        onClick={() => onPage(page + 1)}
      >
        <Trans>Następna</Trans>
      </Button>
    </Group>
  )
}
