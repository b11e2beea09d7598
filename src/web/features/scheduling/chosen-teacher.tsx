import '@mantine/core/styles/Avatar.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { useTeacherSummary } from '../../api/teacher-summary.ts'
import { RatingSummary } from '../../ui/rating-summary.tsx'
import type { WeekBounds } from '../../ui/week-bounds.ts'
import type { BookingPreset } from './confirm-options.ts'
import { TeacherWeek } from './teacher-week.tsx'
import { WaitlistOffer } from './waitlist-offer.tsx'

type Props = {
  teacherId: string
  week: string
  bounds: WeekBounds
  onWeek: (week: string) => void
  onBack: () => void
  preset: BookingPreset
  /** The student may wait for a freed slot of this teacher. */
  canWait?: boolean
}

/** The chosen teacher: who they are (link to their summary) and their week to book from. */
export function ChosenTeacher({ teacherId, week, bounds, onWeek, onBack, preset, canWait }: Props) {
  const { t } = useLingui()
  const summary = useTeacherSummary(teacherId)
  const teacher = summary.data
  const name = teacher ? `${teacher.first_name} ${teacher.last_name}` : ''
  // The focus follows "Pokaż terminy" to the teacher it opened, not to <body>.
  const heading = useRef<HTMLHeadingElement>(null)
  const focused = useRef(false)
  useEffect(() => {
    if (!teacher || focused.current) return
    focused.current = true
    heading.current?.focus()
  }, [teacher])
  return (
    <Stack gap="md">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        onClick={onBack}
        style={{ alignSelf: 'flex-start' }}
      >
        <Trans>Wróć do listy lektorów</Trans>
      </Button>
      {/* Offline the name comes from the saved profile (persisted); no error over the week. */}
      {summary.isError && !teacher && (
        <Alert color="red" variant="light">
          <Trans>Nie udało się wczytać profilu lektora.</Trans>
        </Alert>
      )}
      {teacher && (
        <Paper withBorder radius="lg" p="md">
          <Group gap="md" wrap="nowrap">
            <Avatar src={teacher.image_url} name={name} color="initials" size={56} alt="" />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }} ref={heading} tabIndex={-1}>
                {name}
              </Title>
              <RatingSummary average={teacher.average_rating} count={teacher.ratings} />
              <Anchor component={Link} to={`/dashboard/teacher/${teacher.id}`} size="sm">
                {t`Zobacz profil lektora`}
              </Anchor>
            </Stack>
          </Group>
        </Paper>
      )}
      <Text size="sm" c="dimmed">
        <Trans>Godziny podajemy w czasie polskim.</Trans>
      </Text>
      <TeacherWeek
        teacherId={teacherId}
        taught={teacher?.taught_languages ?? null}
        week={week}
        bounds={bounds}
        onWeek={onWeek}
        preset={preset}
      />
      {canWait && <WaitlistOffer teacherId={teacherId} teacherName={name} />}
    </Stack>
  )
}
