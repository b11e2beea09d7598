import '@mantine/core/styles/Avatar.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core'
import { IconUser } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { paths } from '../../config/paths.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { fullDate, weekdayName } from '../../ui/slot-format.ts'
import { GroupClassLine, GroupClassName } from './group-class-name.tsx'
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
  // A meeting's teacher sees the class, not one of its students (docs/decisions.md "The group tab").
  if (lesson.group && role === 'teacher') return <GroupClassName lesson={lesson} compact={compact} />
  if (compact)
    return (
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {party.name}
        </Text>
        {lesson.group && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {lesson.group.title}
          </Text>
        )}
        {role === 'teacher' && <PartyProfileLink lesson={lesson} compact />}
      </Stack>
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
        <PartyProfileLink lesson={lesson} />
        {lesson.group && <GroupClassLine lesson={lesson} />}
      </Stack>
    </Group>
  )
}

/**
 * The teacher reads the student's "about" and learned languages on the student's profile
 * (student-profile/{id}; decisions.md "Who may open a student's profile"); the student reaches the
 * teacher's page (teacher/{id}) and its reviews the same way.
 */
function PartyProfileLink({ lesson, compact = false }: SummaryProps) {
  const { t } = useLingui()
  const { role } = useLessonView()
  const name = lesson.fullName
  const to =
    role === 'teacher'
      ? paths.studentProfile.replace(':id', lesson.student.id)
      : paths.teacher.replace(':id', lesson.teacher.id)
  return (
    <Anchor
      component={Link}
      to={to}
      size="xs"
      fw={500}
      aria-label={role === 'teacher' ? t`Profil kursanta: ${name}` : t`Profil lektora: ${name}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
    >
      {!compact && <IconUser size={14} aria-hidden />}
      {role === 'teacher' ? <Trans>Profil kursanta</Trans> : <Trans>Profil lektora</Trans>}
    </Anchor>
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
