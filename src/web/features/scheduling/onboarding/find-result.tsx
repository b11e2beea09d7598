import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconCircleCheck, IconMailForward, IconSearchOff } from '@tabler/icons-react'
import { type ReactNode, useMemo, useState } from 'react'
import { codeMessage } from '../../../api/error-messages.ts'
import { clampWeek, weekBounds } from '../../../ui/week-bounds.ts'
import { TeacherWeek } from '../teacher-week.tsx'
import type { FindOutcome } from './find-teacher.ts'
import { SlotOffer } from './slot-offer.tsx'
import { TeacherCard } from './teacher-card.tsx'

type Props = {
  outcome: FindOutcome
  lesson: { languageId: number; levelId: number }
  onScheduled: () => void
  onChangeCriteria: () => void
  onRetry: () => void
  retrying: boolean
  onClose: () => void
}

/** What "Find teacher" found (product-rules.md "Language onboarding"), and what the student can do next. */
export function FindResult({
  outcome,
  lesson,
  onScheduled,
  onChangeCriteria,
  onRetry,
  retrying,
  onClose,
}: Props) {
  const { t } = useLingui()
  const changeCriteria = (
    <Button variant="default" onClick={onChangeCriteria}>
      {t`Zmień kryteria wyszukiwania`}
    </Button>
  )
  switch (outcome.kind) {
    case 'offer':
      return (
        <SlotOffer {...outcome} lesson={lesson} onBooked={onScheduled} onChangeCriteria={onChangeCriteria} />
      )
    case 'schedule':
      return (
        <TeacherSchedule outcome={outcome} lesson={lesson} onBooked={onScheduled} action={changeCriteria} />
      )
    case 'request_sent':
      // Nobody teaches this; the school was told and there is no way back to the steps.
      return (
        <Stack gap="md">
          <Alert
            color="indigo"
            variant="light"
            icon={<IconMailForward size={20} aria-hidden />}
            title={t`Zgłoszenie wysłane`}
          >
            <Trans>
              Żaden z naszych lektorów nie prowadzi jeszcze takich lekcji. Przekazaliśmy szkole, czego
              szukasz: skontaktujemy się z Tobą, gdy znajdziemy dla Ciebie lektora.
            </Trans>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>
              <Trans>Zamknij</Trans>
            </Button>
          </Group>
        </Stack>
      )
    case 'report_capped':
      // The school already has today's reports; a search may still find someone.
      return (
        <Stack gap="md">
          <Alert
            color="gray"
            variant="light"
            icon={<IconSearchOff size={20} aria-hidden />}
            title={t`Nie znaleźliśmy wolnego lektora`}
          >
            {t(codeMessage('lack_of_slots_daily_cap', { max: outcome.max }))}
          </Alert>
          <Group justify="flex-end" gap="sm">
            {changeCriteria}
            <Button onClick={onClose}>
              <Trans>Zamknij</Trans>
            </Button>
          </Group>
        </Stack>
      )
    case 'not_found':
      return (
        <Stack gap="md">
          <Alert
            color={outcome.reported ? 'indigo' : 'gray'}
            variant="light"
            icon={
              outcome.reported ? (
                <IconMailForward size={20} aria-hidden />
              ) : (
                <IconSearchOff size={20} aria-hidden />
              )
            }
            title={
              outcome.reported ? t`Przekazaliśmy Twoje zgłoszenie szkole` : t`Nie znaleźliśmy wolnego lektora`
            }
          >
            {outcome.reported ? (
              <Trans>
                Nadal nikt nie ma wolnego terminu w tym czasie. Szkoła wie, czego szukasz, i skontaktuje się z
                Tobą. Możesz też wybrać inny dzień lub godzinę.
              </Trans>
            ) : (
              <Trans>
                Nikt nie ma wolnego terminu tego dnia do 2 godzin przed wybraną godziną ani po niej. Wybierz
                inny dzień lub godzinę albo spróbuj ponownie.
              </Trans>
            )}
          </Alert>
          <Group justify="flex-end" gap="sm">
            {changeCriteria}
            {!outcome.reported && (
              <Button onClick={onRetry} loading={retrying}>
                <Trans>Szukaj ponownie</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      )
  }
}

type ScheduleProps = {
  outcome: Extract<FindOutcome, { kind: 'schedule' }>
  lesson: { languageId: number; levelId: number }
  onBooked: () => void
  action: ReactNode
}

/** No exact slot; the teacher's week near the chosen day, to pick slots and book them. */
function TeacherSchedule({ outcome, lesson, onBooked, action }: ScheduleProps) {
  const { teacher } = outcome
  const bounds = useMemo(() => weekBounds(new Date()), [])
  const [week, setWeek] = useState(() => clampWeek(outcome.week, bounds))
  const taught = teacher.taught_languages.map((l) => ({ language_id: l.id, level_id: l.level.id }))
  return (
    <Stack gap="md">
      <Text fw={600}>
        <Trans>Ten lektor ma wolne terminy blisko wybranej godziny. Wybierz terminy i umów lekcje.</Trans>
      </Text>
      <TeacherCard teacher={teacher} />
      <Group justify="flex-end">{action}</Group>
      <TeacherWeek
        teacherId={teacher.id}
        taught={taught}
        week={week}
        bounds={bounds}
        onWeek={setWeek}
        preset={{ language: lesson.languageId, level: lesson.levelId }}
        onBooked={onBooked}
      />
    </Stack>
  )
}

/** lessonHasBeenScheduled: closing goes to my-lessons. */
export function ScheduledMessage({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Stack gap="md">
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={20} aria-hidden />}
        title={t`Lekcja umówiona`}
      >
        <Trans>Znajdziesz ją w zakładce Moje lekcje. Lektor przeczyta, co o sobie napisałeś(-aś).</Trans>
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          <Trans>Przejdź do moich lekcji</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
