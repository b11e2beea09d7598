import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import type { TeacherSearchResult } from '../../../domain/api/teachers.ts'
import { formatPolandTime, polandDateKey } from '../../../domain/poland-time.ts'
import { paths } from '../../config/paths.ts'
import { AddedStudentsOnlyNote } from '../../ui/added-students-only-note.tsx'
import { RatingSummary } from '../../ui/rating-summary.tsx'
import { slotWhen } from '../../ui/slot-format.ts'
import { TaughtLanguageBadges } from '../../ui/taught-language-badges.tsx'

type Props = {
  teacher: TeacherSearchResult
  onOpen: () => void
  /** Focus the card's action on mount: the user came back from this teacher's week. */
  takeFocus?: boolean
}

/**
 * One search result: picture, name, rating, taught languages with levels, next free slot. A
 * teacher who does not take the student (product-rules.md "Allowed students"; the search says so
 * per student) is not offered as bookable: the card says plainly why and leads to the teacher's
 * profile.
 */
export function TeacherResultCard({ teacher, onOpen, takeFocus = false }: Props) {
  const { t, i18n } = useLingui()
  const action = useRef<HTMLAnchorElement & HTMLButtonElement>(null)
  useEffect(() => {
    if (takeFocus) action.current?.focus()
  }, [takeFocus])
  const name = `${teacher.first_name} ${teacher.last_name}`
  const next = teacher.next_free_slot ? new Date(teacher.next_free_slot) : null
  const nextDate = next ? polandDateKey(next) : null
  const nextText = next && nextDate ? slotWhen(nextDate, formatPolandTime(next), i18n.locale) : null
  return (
    <Paper component="li" withBorder radius="lg" p="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={teacher.image_url} name={name} color="initials" size={64} alt="" />
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text fw={650} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {teacher.not_accepting_new_students && (
              // On a phone the badge wraps rather than cutting the words off.
              <Badge
                color="gray"
                variant="light"
                tt="none"
                h="auto"
                py={2}
                styles={{ label: { whiteSpace: 'normal' } }}
              >
                <Trans>Nie przyjmuje nowych kursantów</Trans>
              </Badge>
            )}
          </Group>
          <RatingSummary average={teacher.average_rating} />
          <TaughtLanguageBadges taught={teacher.taught_languages} label={t`Uczy`} />
          {teacher.not_accepting_new_students ? (
            <Group justify="space-between" gap="sm" wrap="wrap" mt={4}>
              <AddedStudentsOnlyNote style={{ flex: '1 1 16rem' }} />
              <Button
                ref={action}
                component={Link}
                to={paths.teacher.replace(':id', teacher.id)}
                variant="default"
                aria-label={t`Zobacz profil: ${name}`}
              >
                <Trans>Zobacz profil</Trans>
              </Button>
            </Group>
          ) : (
            <Group justify="space-between" gap="sm" wrap="wrap" mt={4}>
              <Text size="sm" c={nextText ? undefined : 'dimmed'}>
                {nextText
                  ? t`Najbliższy wolny termin: ${nextText}`
                  : t`Brak wolnych terminów w najbliższych dwóch tygodniach`}
              </Text>
              <Button ref={action} onClick={onOpen} aria-label={t`Pokaż terminy: ${name}`}>
                <Trans>Pokaż terminy</Trans>
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  )
}
