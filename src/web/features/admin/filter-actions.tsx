import { Trans } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'

/** A console list's filter buttons: clear (the list unfiltered) and filter (the form's submit). */
export function FilterActions({ onClear }: { onClear: () => void }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="subtle" color="gray" onClick={onClear}>
        <Trans>Wyczyść</Trans>
      </Button>
      <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
        <Trans>Filtruj</Trans>
      </Button>
    </Group>
  )
}
