import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/SimpleGrid.css'
import { useLingui } from '@lingui/react/macro'
import { Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import { useLessonPreview, useTeacherPreview } from '../../api/previews.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { RatingSummary } from '../../ui/rating-summary.tsx'
import { TaughtLanguageBadges } from '../../ui/taught-language-badges.tsx'
import type { RedirectTarget } from './redirect-requirements.ts'

/**
 * A user without lessons with a teacher sees what the school offers while the school grants access
 * — its teachers (GET /teachers/dummy) and, sent from my-lessons, what lessons look like there (GET
 * /lessons/dummy). Nothing here can be booked or opened.
 */
export function SchoolPreview({ target }: { target: RedirectTarget }) {
  const { t, i18n } = useLingui()
  const teachers = useTeacherPreview(true).data ?? []
  const lessons = useLessonPreview(target === 'my-lessons').data ?? []
  if (teachers.length === 0) return null
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t`Nasi lektorzy`}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t`Nasi lektorzy`}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {teachers.map((teacher) => {
            const name = `${teacher.first_name} ${teacher.last_name}`
            return (
              <Group key={teacher.id} gap="sm" wrap="nowrap" align="flex-start">
                <Avatar src={teacher.image_url} name={name} color="initials" size={44} alt="" />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{name}</Text>
                  <RatingSummary average={teacher.average_rating} />
                  <TaughtLanguageBadges taught={teacher.taught_languages} label={t`Języki: ${name}`} />
                </Stack>
              </Group>
            )
          })}
        </SimpleGrid>
        {lessons.length > 0 && (
          <>
            <Title order={3} fz="md">
              {t`Tak będą wyglądać Twoje lekcje (przykład)`}
            </Title>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {lessons.map((lesson) => {
                const when = `${formatPolandDate(new Date(lesson.scheduled_at))}, ${formatPolandTime(new Date(lesson.scheduled_at))}`
                const language = languageLabel(lesson.language, i18n.locale)
                const state = lesson.status === 'finished' ? t`zakończona` : t`zaplanowana`
                return (
                  <Text component="li" key={lesson.id} size="sm">
                    {`${when} · ${language} ${lesson.level.name} · ${lesson.fullName} · ${state}`}
                  </Text>
                )
              })}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  )
}
