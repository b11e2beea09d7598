import '@mantine/core/styles/Rating.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Input, Rating, Stack, Text } from '@mantine/core'
import { useId, useState } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { RATING_MAX } from '../../../domain/constants.ts'
import { QUEUED, useRateLesson } from '../../api/my-lesson-mutations.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { LessonOverview } from './lesson-overview.tsx'
import { cannotSave, LimitedTextarea } from './limited-textarea.tsx'
import { showSuccessToast, successTexts } from './my-lessons-toasts.ts'
import { useDialogWrite } from './use-dialog-write.ts'

/**
 * RateLesson (product-rules.md "Ratings"): five stars (hovering previews, a click sets; they are
 * radio buttons, so arrow keys work) and a comment of at most 255 characters, both required
 * ("Validation"). Create mode when the lesson has no rating yet, else update mode with the rating
 * filled in.
 */
export function RateLessonDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useLingui()
  const labelId = useId()
  const mode = lesson.rating === null ? 'create' : 'update'
  const [value, setValue] = useState(lesson.rating?.value ?? 0)
  const [hovered, setHovered] = useState(-1)
  const [comment, setComment] = useState(lesson.rating?.comment ?? '')
  const write = useDialogWrite(useRateLesson(), lesson)
  const shown = hovered > 0 ? hovered : value
  const ready = value > 0 && comment.trim() !== '' && !cannotSave(comment)
  const max = RATING_MAX

  const save = () =>
    write.submit({ mode, lesson_id: lesson.id, value, comment: comment.trim() }, (answer) => {
      const done = mode === 'create' ? successTexts.ratingCreated : successTexts.ratingUpdated
      showSuccessToast(answer === QUEUED ? successTexts.queued : done)
      onClose()
    })

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={mode === 'create' ? t`Oceń lekcję` : t`Zmień ocenę lekcji`}
      closeDisabled={write.pending}
    >
      <Stack gap="md">
        <LessonOverview lesson={lesson} />
        <Input.Wrapper label={t`Ocena`} required labelElement="div" labelProps={{ id: labelId }}>
          <Group gap="sm" mt={4}>
            <Rating
              size="xl"
              value={value}
              onChange={setValue}
              onHover={setHovered}
              role="radiogroup"
              aria-labelledby={labelId}
              getSymbolLabel={(stars) => (stars === 0 ? t`Brak oceny` : t`${stars} z ${max}`)}
            />
            <Text size="sm" c="dimmed" aria-hidden>
              {shown > 0 ? `${shown}/${max}` : ''}
            </Text>
          </Group>
        </Input.Wrapper>
        <LimitedTextarea label={t`Komentarz`} required value={comment} onChange={setComment} />
        <FormError>{write.error && <Message of={write.error} />}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={write.pending}>
            <Trans>Anuluj</Trans>
          </Button>
          <Button onClick={save} disabled={!ready} loading={write.pending}>
            {mode === 'create' ? <Trans>Wyślij ocenę</Trans> : <Trans>Zapisz ocenę</Trans>}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
