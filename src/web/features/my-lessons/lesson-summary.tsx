import '@mantine/core/styles/Avatar.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Group, Stack, Text } from '@mantine/core'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { fullDate, weekdayName } from '../../ui/slot-format.ts'
import { lessonDay, lessonTimes, otherParty } from './lesson-display.ts'
import { useLessonView } from './lesson-view-context.tsx'

/** `compact`: the calendar's narrow week columns. */
type SummaryProps = { lesson: Lesson; compact?: boolean }

/** The lesson's date and time in Poland time, and the device's time beside it when it differs. */
export function LessonWhen({
  lesson,
  withDate = true,
  compact = false,
}: SummaryProps & { withDate?: boolean }) {
  const { i18n } = useLingui()
  const day = lessonDay(lesson)
  const times = lessonTimes(lesson)
  const own = times.device
  return (
    <Stack gap={0}>
      {withDate && (
        <Text size="sm" fw={600}>
          {`${weekdayName(day, i18n.locale)}, ${fullDate(day)}`}
        </Text>
      )}
      {compact ? (
        // The calendar says once that its times are Poland time.
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {times.poland}
        </Text>
      ) : (
        <Text size="sm">
          {times.poland}{' '}
          <Text component="span" size="xs" c="dimmed">
            <Trans>(czas polski)</Trans>
          </Text>
        </Text>
      )}
      {own && (
        <Text size="xs" c="dimmed">
          <Trans>Twój czas: {own}</Trans>
        </Text>
      )}
    </Stack>
  )
}

/** The other party (teacher with picture for a student, student for a teacher). */
export function LessonParty({ lesson, compact = false }: SummaryProps) {
  const { role } = useLessonView()
  const party = otherParty(lesson, role)
  if (compact)
    return (
      <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {party.name}
      </Text>
    )
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      {role === 'student' && (
        <Avatar src={party.imageUrl} name={party.name} color="initials" size={36} alt="" aria-hidden />
      )}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {role === 'student' ? <Trans>Lektor</Trans> : <Trans>Kursant</Trans>}
        </Text>
        <Text size="sm" fw={600} truncate="end">
          {party.name}
        </Text>
      </Stack>
    </Group>
  )
}

/** Language in the interface language and level, e.g. "Angielski · B1". */
export function LessonLanguage({ lesson, compact = false }: SummaryProps) {
  const { i18n } = useLingui()
  const language = languageLabel(lesson.language, i18n.locale)
  const level = lesson.level.name
  return (
    <Text size={compact ? 'xs' : 'sm'}>
      {language}
      <Text component="span" c="dimmed" inherit>
        {' · '}
      </Text>
      <Trans>poziom {level}</Trans>
      {lesson.is_group && (
        <Text component="span" c="dimmed" inherit>
          {' · '}
          <Trans>grupowa</Trans>
        </Text>
      )}
    </Text>
  )
}
