import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Pill, Text } from '@mantine/core'
import { dayMonth, weekdayName } from '../../ui/slot-format.ts'
import type { PickedSlot } from './slot-selection.ts'

/** spec §4: the chosen slots as chips; each chip's × removes its slot. */
export function SelectedSlotChips({
  slots,
  onRemove,
}: {
  slots: PickedSlot[]
  onRemove: (id: string) => void
}) {
  const { t, i18n } = useLingui()
  if (slots.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>Wybierz wolne terminy w kalendarzu.</Trans>
      </Text>
    )
  return (
    <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Wybrane terminy`}>
      {slots.map((slot) => {
        const label = `${weekdayName(slot.date, i18n.locale)} ${dayMonth(slot.date)}, ${slot.time}`
        return (
          <li key={slot.id}>
            <Pill
              size="md"
              withRemoveButton
              onRemove={() => onRemove(slot.id)}
              removeButtonProps={{ 'aria-label': t`Usuń termin: ${label}` }}
            >
              {label}
            </Pill>
          </li>
        )
      })}
    </Group>
  )
}
