import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import type { ItTeacher } from '../../../domain/api/teachers.ts'
import { useLanguages } from '../../api/dictionaries.ts'
import { paths } from '../../config/paths.ts'
import { joinList, languageLabel, pickById } from '../../ui/language-labels.ts'
import { RatingSummary } from '../../ui/rating-summary.tsx'
import { TaughtLanguageBadges } from '../../ui/taught-language-badges.tsx'

/**
 * One IT teacher (the it-teachers screen): picture, name, rating, the languages they teach IT in,
 * languages with levels, links. A teacher who does not take the student is not offered for booking.
 */
export function ItTeacherCard({ teacher }: { teacher: ItTeacher }) {
  const { t, i18n } = useLingui()
  const itLanguages = joinList(
    pickById(useLanguages().data, teacher.it_language_ids).map((language) =>
      languageLabel(language, i18n.locale),
    ),
    i18n.locale,
  )
  const nameId = useId()
  const name = `${teacher.first_name} ${teacher.last_name}`
  const summary = paths.teacher.replace(':id', teacher.id)
  const book = `${paths.setLessons}?${new URLSearchParams({ teacher: teacher.id })}`
  return (
    <Paper component="li" withBorder radius="lg" p="md" h="100%" aria-labelledby={nameId}>
      <Stack gap="sm" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={teacher.image_url} name={name} color="initials" size={64} alt="" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Anchor
              id={nameId}
              component={Link}
              to={summary}
              fw={650}
              fz="lg"
              style={{ overflowWrap: 'anywhere' }}
            >
              {name}
            </Anchor>
            <RatingSummary average={teacher.average_rating} />
          </Stack>
        </Group>
        {itLanguages && (
          <Badge variant="filled" color="indigo" tt="none" style={{ alignSelf: 'flex-start' }}>
            {t`Specjalizacja IT: ${itLanguages}`}
          </Badge>
        )}
        <TaughtLanguageBadges taught={teacher.taught_languages} label={t`Uczy: ${name}`} />
        {teacher.not_accepting_new_students && (
          <Text size="sm" c="dimmed">
            <Trans>
              Obecnie nie przyjmuje nowych kursantów: lekcje mogą tu umawiać tylko kursanci dodani przez
              lektora.
            </Trans>
          </Text>
        )}
        <Group gap="sm" mt="auto" justify="flex-end" wrap="wrap">
          <Button component={Link} to={summary} variant="default" aria-label={t`Profil lektora: ${name}`}>
            <Trans>Profil</Trans>
          </Button>
          {!teacher.not_accepting_new_students && (
            <Button component={Link} to={book} aria-label={t`Umów lekcję: ${name}`}>
              <Trans>Umów lekcję</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
