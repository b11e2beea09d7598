import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/List.css'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, List, Select, Stack, Text } from '@mantine/core'
import { useRef, useState } from 'react'
import type { LessonCreate } from '../../../domain/api/lessons.ts'
import { ApiError } from '../../api/api-error.ts'
import { useLanguages, useLevels } from '../../api/dictionaries.ts'
import { useCreateLessons } from '../../api/lessons.ts'
import { useLessonPage, useScheduledLessons } from '../../api/my-lessons.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { Message } from '../../ui/message.tsx'
import { dayMonth, weekdayName } from '../../ui/slot-format.ts'
import { attemptFor, type BookingAttempt, mayRetrySameKey } from './booking-attempt.ts'
import {
  type BookingPreset,
  bookingPreset,
  languageOptions,
  levelOptions,
  presetValue,
  type TaughtLanguage,
} from './confirm-options.ts'
import { createLessonErrorMessage, REFRESHING_CODES, refusedSlotIds } from './create-lesson-error.ts'
import { RefusedSlots } from './refused-slots.tsx'
import type { PickedSlot } from './slot-selection.ts'

type Props = {
  opened: boolean
  onClose: () => void
  teacherId: string
  taught: TaughtLanguage[]
  slots: PickedSlot[]
  /** The search filters, used as the first choice when the teacher offers them. */
  preset: BookingPreset
  /** The lessons were booked: their slots, soonest first. */
  onBooked: (slotIds: string[]) => void
  /** The server refused these slots (which ones it said): they leave the selection, the rest stay. */
  onRefused: (slotIds: string[]) => void
  /** The timetable is out of date (e.g. the slot was just taken): reload it. */
  onStale: () => void
}

/**
 * ScheduleConfirmLessons (product-rules.md "Booking"): the chosen slots, a language the teacher
 * teaches and a level at or below theirs, both required. Stays open on failure with the message of
 * product-rules.md "Errors".
 */
export function ScheduleConfirmDialog(props: Props) {
  const { opened, onClose, teacherId, taught, slots, preset, onBooked, onRefused, onStale } = props
  const { t, i18n } = useLingui()
  const languages = languageOptions(taught, useLanguages().data, i18n.locale)
  // The student's latest lesson with this teacher, among those the device knows or fetches now.
  const scheduled = useScheduledLessons(opened)
  const finished = useLessonPage('finished', { page: 1, perPage: 20 }, opened)
  const wanted = bookingPreset(preset, teacherId, [
    ...(scheduled.data?.lessons ?? []),
    ...(finished.data?.data ?? []),
  ])
  const [language, setLanguage] = useState<string | null>(null)
  const chosenLanguage = language ?? presetValue(languages, wanted.language)
  const levels = levelOptions(
    taught,
    chosenLanguage === null ? null : Number(chosenLanguage),
    useLevels().data,
  )
  const [level, setLevel] = useState<string | null>(null)
  const chosenLevel = levels.some((o) => o.value === level) ? level : presetValue(levels, wanted.level)
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const [refused, setRefused] = useState<PickedSlot[]>([])
  // After booking the week takes the focus (the booked slot), not the emptied Book button.
  const [booked, setBooked] = useState(false)
  const [showRequired, setShowRequired] = useState(false)
  const attempt = useRef<BookingAttempt | null>(null)
  const create = useCreateLessons()

  const confirm = () => {
    if (chosenLanguage === null || chosenLevel === null) {
      setShowRequired(true)
      return
    }
    const body: LessonCreate = {
      teacher_id: teacherId,
      language_id: Number(chosenLanguage),
      level_id: Number(chosenLevel),
      time_slot_ids: slots.map((slot) => slot.id),
    }
    const current = attemptFor(attempt.current, body)
    attempt.current = current
    setError(null)
    setRefused([])
    setBooked(false)
    create.mutate(
      { body, idempotencyKey: current.key },
      {
        onSuccess: (answer) => {
          attempt.current = null
          setBooked(true)
          onBooked(answer.lessons.map((lesson) => lesson.time_slot_id))
        },
        onError: (failure) => {
          const apiError = failure instanceof ApiError ? failure : null
          if (!apiError || !mayRetrySameKey(apiError)) attempt.current = null
          setError(apiError ? createLessonErrorMessage(apiError) : null)
          // Say which slots were refused and keep the others chosen.
          const refusedIds = apiError ? refusedSlotIds(apiError, body.time_slot_ids) : []
          if (refusedIds.length > 0) {
            setRefused(slots.filter((slot) => refusedIds.includes(slot.id)))
            onRefused(refusedIds)
          }
          if (apiError?.code && REFRESHING_CODES.includes(apiError.code)) onStale()
        },
      },
    )
  }

  const required = t`To pole jest wymagane`
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={t`Potwierdź lekcje`}
      variant="shared"
      closeDisabled={create.isPending}
      returnFocus={!booked}
    >
      <Stack gap="md">
        <div>
          <Text fw={600} mb={4}>
            <Trans>Wybrane terminy (czas polski)</Trans>
          </Text>
          <List spacing={2}>
            {slots.map((slot) => (
              <List.Item key={slot.id}>
                {`${weekdayName(slot.date, i18n.locale)} ${dayMonth(slot.date)}, ${slot.time}`}
              </List.Item>
            ))}
          </List>
        </div>
        <Select
          label={t`Język lekcji`}
          data={languages}
          value={chosenLanguage}
          onChange={(value) => {
            setLanguage(value)
            setLevel(null)
          }}
          required
          error={showRequired && chosenLanguage === null ? required : undefined}
          allowDeselect={false}
        />
        <Select
          label={t`Poziom`}
          data={levels}
          value={chosenLevel}
          onChange={setLevel}
          required
          disabled={chosenLanguage === null}
          error={showRequired && chosenLevel === null ? required : undefined}
          allowDeselect={false}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap={4}>
              <Message of={error} />
              {refused.length > 0 && <RefusedSlots refused={refused} left={slots.length} />}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            <Trans>Anuluj</Trans>
          </Button>
          <Button color="accent.8" onClick={confirm} loading={create.isPending} disabled={slots.length === 0}>
            <Trans>Umów lekcje</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
