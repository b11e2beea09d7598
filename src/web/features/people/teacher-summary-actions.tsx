import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import { IconArrowLeft, IconCalendarEvent } from '@tabler/icons-react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { TeacherSummary } from '../../../domain/api/profile.ts'
import { useProfile } from '../../api/profile.ts'
import { paths } from '../../config/paths.ts'
import { AddedStudentsOnlyNote } from '../../ui/added-students-only-note.tsx'

/**
 * The teacher's page had no way on. Back returns where the user came from (or to their start screen
 * when the page was opened directly); a student who may book this teacher gets the teacher's week,
 * one who may not is told why, as on the results.
 */
export function TeacherSummaryActions({ teacher }: { teacher: TeacherSummary }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const location = useLocation()
  const profile = useProfile().data
  const student = profile?.role === 'student'
  const canBook = student && profile.human_access && !profile.only_group_lessons
  const home = student ? paths.setLessons : paths.myLessons
  // The first entry of the app's history has the key "default": there is nowhere to go back to.
  const back = () => (location.key === 'default' ? navigate(home) : navigate(-1))
  const name = `${teacher.first_name} ${teacher.last_name}`
  const book = `${paths.setLessons}?${new URLSearchParams({ teacher: teacher.id })}`
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={back}>
        <Trans>Wróć</Trans>
      </Button>
      {canBook &&
        (teacher.not_accepting_new_students ? (
          <AddedStudentsOnlyNote maw={520} />
        ) : (
          <Button
            component={Link}
            to={book}
            color="accent.8"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            aria-label={t`Pokaż terminy: ${name}`}
          >
            <Trans>Pokaż terminy</Trans>
          </Button>
        ))}
    </Group>
  )
}
