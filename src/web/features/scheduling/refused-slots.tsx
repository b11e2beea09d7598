import '@mantine/core/styles/List.css'
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { List, Text } from '@mantine/core'
import { dayMonth, weekdayName } from '../../ui/slot-format.ts'
import type { PickedSlot } from './slot-selection.ts'

/**
 * The slots the server refused, by name, and what happened to the choice (decisions.md "The
 * same-day rule in the slot grid, and refusals that name their slots"): they left it, the others
 * are still chosen and can be booked as they are.
 */
export function RefusedSlots({ refused, left }: { refused: PickedSlot[]; left: number }) {
  const { i18n } = useLingui()
  const count = refused.length
  return (
    <>
      <List size="sm" spacing={0}>
        {refused.map((slot) => (
          <List.Item
            key={slot.id}
          >{`${weekdayName(slot.date, i18n.locale)} ${dayMonth(slot.date)}, ${slot.time}`}</List.Item>
        ))}
      </List>
      <Text size="sm">
        {left > 0
          ? plural(count, {
              one: 'Ten termin usunęliśmy z wyboru. Pozostałe są nadal wybrane: możesz je umówić.',
              other: 'Te terminy usunęliśmy z wyboru. Pozostałe są nadal wybrane: możesz je umówić.',
            })
          : plural(count, {
              one: 'Ten termin usunęliśmy z wyboru. Wybierz inny.',
              other: 'Te terminy usunęliśmy z wyboru. Wybierz inne.',
            })}
      </Text>
    </>
  )
}
