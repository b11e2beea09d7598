import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useRef, useState } from 'react'
import type { LessonCreate } from '../../../../domain/api/lessons.ts'
import type { TeacherSearchResult } from '../../../../domain/api/teachers.ts'
import { ApiError } from '../../../api/api-error.ts'
import { useCreateLessons } from '../../../api/lessons.ts'
import { ACCENT_COLOR } from '../../../config/theme.ts'
import { Message } from '../../../ui/message.tsx'
import { dayMonth, weekdayName } from '../../../ui/slot-format.ts'
import { attemptFor, type BookingAttempt, mayRetrySameKey } from '../booking-attempt.ts'
import { createLessonErrorMessage } from '../create-lesson-error.ts'
import type { PickedSlot } from '../slot-selection.ts'
import { TeacherCard } from './teacher-card.tsx'

type Props = {
  teacher: TeacherSearchResult
  slot: PickedSlot
  lesson: { languageId: number; levelId: number }
  onBooked: () => void
  onChangeCriteria: () => void
}

/** An exact free slot at the chosen time is offered; one press books it. */
export function SlotOffer({ teacher, slot, lesson, onBooked, onChangeCriteria }: Props) {
  const { t, i18n } = useLingui()
  const create = useCreateLessons()
  const attempt = useRef<BookingAttempt | null>(null)
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const when = `${weekdayName(slot.date, i18n.locale)} ${dayMonth(slot.date)}, ${slot.time}`

  const book = () => {
    const body: LessonCreate = {
      teacher_id: teacher.id,
      language_id: lesson.languageId,
      level_id: lesson.levelId,
      time_slot_ids: [slot.id],
    }
    // The same booking retried after a lost answer keeps its Idempotency-Key (booking-attempt.ts).
    const current = attemptFor(attempt.current, body)
    attempt.current = current
    setError(null)
    create.mutate(
      { body, idempotencyKey: current.key },
      {
        onSuccess: () => {
          attempt.current = null
          onBooked()
        },
        onError: (failure) => {
          const apiError = failure instanceof ApiError ? failure : null
          if (!apiError || !mayRetrySameKey(apiError)) attempt.current = null
          setError(apiError ? createLessonErrorMessage(apiError) : null)
        },
      },
    )
  }

  return (
    <Stack gap="md">
      <Text fw={600}>
        <Trans>Mamy lektora wolnego dokładnie wtedy, kiedy chcesz.</Trans>
      </Text>
      <TeacherCard teacher={teacher} />
      <Text>
        <Trans>
          Termin: <strong>{when}</strong> (czas polski), 45 minut.
        </Trans>
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          <Message of={error} />
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onChangeCriteria} disabled={create.isPending}>
          {t`Zmień kryteria wyszukiwania`}
        </Button>
        <Button color={ACCENT_COLOR} onClick={book} loading={create.isPending}>
          <Trans>Umów tę lekcję</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
