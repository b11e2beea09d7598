import { Trans, useLingui } from '@lingui/react/macro'
import { Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { type ReactNode, useId, useState } from 'react'
import type { Timetable, TimetableSlot } from '../../domain/api/timetables.ts'
import classes from './schedule-slots.module.css'
import { SlotButton } from './slot-button.tsx'
import { dayMonth, deviceTime, slotInstant, weekdayName } from './slot-format.ts'
import { canToggle, isFaded, type SlotState, slotState } from './slot-state.ts'
import { useSlotTexts } from './slot-texts.ts'
import { useRovingSlots } from './use-roving-slots.ts'

/**
 * Selection of slots to book (product-rules.md "Booking"); leave it out for a read-only week (the
 * teacher's view).
 */
type TimetableDay = Timetable['timetable'][number]

export type SlotSelection = {
  selectedIds: readonly string[]
  onToggle: (slot: TimetableSlot, day: TimetableDay) => void
  /**
   * Why an available slot of this day cannot be chosen now (the booking's date rules), or null:
   * the slot then fades and says so, like the limit (product-rules.md "Same-day rule").
   */
  dayRefusal?: (day: TimetableDay, slot: TimetableSlot) => string | null
  /**
   * scheduled_lessons_limit_per_student (product-rules.md "Scheduled lessons limit"), named in the
   * limit tooltip.
   */
  limit: number
  /** product-rules.md "Scheduled lessons limit": selected plus already scheduled is at least the limit. */
  limitReached: boolean
  /** Nothing can be picked (offline); `reason` is the tooltip. */
  blocked?: { reason: string }
  /** Move the keyboard focus to this slot (after booking: the first booked one); a new object each time. */
  focusRequest?: { slotId: string } | null
}

export type ScheduleSlotsProps = {
  days: Timetable['timetable']
  /**
   * The grace period in hours (lesson_earliness_condition, product-rules.md "Grace period"), named
   * in the missed tooltip.
   */
  graceHours: number
  selection?: SlotSelection
  /** Whose view it is: the teacher's own slots say "booked" rather than "you have a lesson". */
  viewer?: 'student' | 'teacher'
}

/**
 * ScheduleSlots: a week's slots grouped by day (weekday and dd.MM in the locale, Poland times with
 * the device's time beside them when its zone differs), in the five states of product-rules.md
 * "Slot states".
 */
export function ScheduleSlots({ days, graceHours, selection, viewer = 'student' }: ScheduleSlotsProps) {
  const { i18n } = useLingui()
  const texts = useSlotTexts({ graceHours, limit: selection?.limit ?? 0, viewer })
  const [announcement, setAnnouncement] = useState('')
  const headingPrefix = useId()
  const keysHintId = useId()
  const roving = useRovingSlots(days, selection)

  const hintFor = (state: SlotState, refusal: string | null): string | null => {
    if (!selection) return state === 'available' ? null : texts.state[state]
    if (selection.blocked) return selection.blocked.reason
    if (isFaded(state, selection.limitReached)) return texts.limit
    if (refusal) return refusal
    if (canToggle(state, selection.limitReached)) return null
    return texts.hint[state]
  }

  const renderSlot = (day: TimetableDay, dayLabel: string, slot: TimetableSlot): ReactNode => {
    const { date } = day
    const state = slotState(slot, selection?.selectedIds.includes(slot.id) ?? false)
    const localTime = deviceTime(slotInstant(date, slot.time))
    const limitFaded = selection ? isFaded(state, selection.limitReached) : false
    const refusal = state === 'available' ? (selection?.dayRefusal?.(day, slot) ?? null) : null
    const faded = limitFaded || refusal !== null
    const stateText = limitFaded ? texts.limit : (refusal ?? texts.state[state])
    const local = localTime ? texts.local(localTime) : ''
    return (
      <li key={slot.id}>
        <SlotButton
          state={state}
          time={slot.time}
          localTime={localTime}
          label={`${dayLabel}, ${slot.time}${local}: ${stateText}`}
          hint={hintFor(state, refusal)}
          faded={faded}
          onToggle={selection ? () => selection.onToggle(slot, day) : undefined}
          onRefused={setAnnouncement}
          slotId={slot.id}
          tabIndex={roving.tabStop === slot.id ? 0 : -1}
          onFocusSlot={() => roving.setActive(slot.id)}
          onKeyDown={roving.onKeyDown(slot.id)}
          describedBy={keysHintId}
        />
      </li>
    )
  }

  return (
    <div className={classes.container}>
      <div className={classes.week} ref={roving.containerRef}>
        {days.map((day) => {
          const { date, slots } = day
          const dayLabel = `${weekdayName(date, i18n.locale)} ${dayMonth(date)}`
          const headingId = `${headingPrefix}-${date}`
          return (
            <Paper key={date} component="section" aria-labelledby={headingId} withBorder radius="md" p="xs">
              <Stack gap={6}>
                <Title order={3} fz="sm" id={headingId} tt="capitalize">
                  {weekdayName(date, i18n.locale)}{' '}
                  <Text span inherit c="dimmed" fw={500}>
                    {dayMonth(date)}
                  </Text>
                </Title>
                {slots.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    <Trans>Brak terminów</Trans>
                  </Text>
                ) : (
                  <ul className={classes.slots}>{slots.map((slot) => renderSlot(day, dayLabel, slot))}</ul>
                )}
              </Stack>
            </Paper>
          )
        })}
      </div>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {selection && (
        <VisuallyHidden id={keysHintId}>
          <Trans>Strzałki w górę i w dół: kolejne terminy dnia; w lewo i w prawo: sąsiednie dni.</Trans>
        </VisuallyHidden>
      )}
    </div>
  )
}
