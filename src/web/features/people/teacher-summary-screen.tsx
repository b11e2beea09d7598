import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Grid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useParams } from 'react-router-dom'
import type { TeacherSummary } from '../../../domain/api/profile.ts'
import { useLanguages } from '../../api/dictionaries.ts'
import { isPersonId, useTeacherSummary } from '../../api/teacher-summary.ts'
import { joinList, languageGenitive, pickById } from '../../ui/language-labels.ts'
import { RatingSummary } from '../../ui/rating-summary.tsx'
import { TeacherLanguagesList } from '../../ui/teacher-languages-list.tsx'
import { usePageTitle } from '../../ui/use-page-title.ts'
import { VideoPlayer } from '../../ui/video-player.tsx'
import { LinksCard, TextCard } from './person-cards.tsx'
import { PersonQueryState } from './person-query-state.tsx'
import { TeacherReviews } from './teacher-reviews.tsx'
import { TeacherSummaryActions } from './teacher-summary-actions.tsx'

/** /dashboard/teacher/:id: the named teacher's summary. */
export function TeacherSummaryScreen() {
  const { t } = useLingui()
  const { id } = useParams()
  const query = useTeacherSummary(id)
  usePageTitle(query.data ? `${query.data.first_name} ${query.data.last_name}` : t`Profil lektora`)
  return (
    <PersonQueryState query={query} validId={isPersonId(id)} loadingLabel={t`Wczytujemy profil lektora…`}>
      {(teacher) => (
        <Stack gap="md">
          <TeacherSummaryActions teacher={teacher} />
          <TeacherSummaryView teacher={teacher} />
        </Stack>
      )}
    </PersonQueryState>
  )
}

/**
 * "Uczy języka angielskiego i niemieckiego" – the Polish genitive where grammar needs it (design.md
 * "Words").
 */
function useTeachesLine(teacher: TeacherSummary): string | null {
  const { t, i18n } = useLingui()
  const taught = pickById(
    useLanguages().data,
    teacher.taught_languages.map((l) => l.language_id),
  )
  if (taught.length === 0) return null
  const list = joinList(
    taught.map((l) => languageGenitive(l, i18n.locale)),
    i18n.locale,
  )
  return t`Uczy języka ${list}`
}

export function TeacherSummaryView({ teacher }: { teacher: TeacherSummary }) {
  const { t } = useLingui()
  const name = `${teacher.first_name} ${teacher.last_name}`
  const teaches = useTeachesLine(teacher)
  const small = useMediaQuery('(max-width: 36em)')
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Group gap="lg" wrap="nowrap" align="flex-start">
              <Avatar
                src={teacher.image_url}
                name={name}
                color="initials"
                size={small ? 72 : 96}
                alt={name}
              />
              <Stack gap={6} style={{ minWidth: 0 }}>
                <Text size="sm" c="dimmed">
                  <Trans>Profil lektora</Trans>
                </Text>
                <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }} mt={-6}>
                  {name}
                </Title>
                {teaches && <Text c="dimmed">{teaches}</Text>}
                <RatingSummary average={teacher.average_rating} count={teacher.ratings} />
                {teacher.not_accepting_new_students && (
                  <Badge color="gray" variant="light" tt="none">
                    <Trans>Obecnie nie przyjmuje nowych kursantów</Trans>
                  </Badge>
                )}
              </Stack>
            </Group>
          </Paper>
          <TextCard title={t`Opis`} text={teacher.description} empty={t`Opis nie został jeszcze dodany.`} />
          <TeacherReviews reviews={teacher.recent_reviews} />
          {teacher.video_url && (
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-label={t`Film powitalny`}
            >
              <Stack gap="md">
                <Title order={2} fz="lg">
                  <Trans>Film powitalny</Trans>
                </Title>
                <VideoPlayer src={teacher.video_url} label={t`Film powitalny: ${name}`} />
              </Stack>
            </Paper>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg">
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-label={t`Języki`}
          >
            <Stack gap="md">
              <Title order={2} fz="lg">
                <Trans>Języki</Trans>
              </Title>
              <TeacherLanguagesList {...teacher} />
            </Stack>
          </Paper>
          {teacher.about?.trim() && <TextCard title={t`O mnie`} text={teacher.about} empty="" />}
          <LinksCard links={teacher.social_links} />
        </Stack>
      </Grid.Col>
    </Grid>
  )
}
