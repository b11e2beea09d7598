import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, CloseButton, Group, Text } from '@mantine/core'
import { dayMonth, weekdayName } from '../../ui/slot-format.ts'
import type { PickedSlot } from './slot-selection.ts'

/** The chosen slots as chips; each chip's × removes its slot. */
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
            {/* Mantine's Pill hides its remove button from keyboards and screen readers (it is
                made for PillsInput's Backspace), so each chip carries a real close button. */}
            <Badge
              variant="light"
              color="gray"
              size="lg"
              radius="xl"
              tt="none"
              fw={500}
              rightSection={
                <CloseButton
                  size="sm"
                  radius="xl"
                  aria-label={t`Usuń termin: ${label}`}
                  onClick={() => onRemove(slot.id)}
                />
              }
            >
              {label}
            </Badge>
          </li>
        )
      })}
    </Group>
  )
}
