import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconCalendarEvent, IconMessageCircle, IconNotebook } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import { useAiLessonUrl, useAiProgress, useAiSettings, useAiTopics } from '../../api/ai-lesson.ts'
import { useWords } from '../../api/ai-wordbook.ts'
import { useScheduledLessons } from '../../api/my-lessons.ts'
import { useProfile } from '../../api/profile.ts'
import { paths } from '../../config/paths.ts'
import { FormError } from '../../ui/form-error.tsx'
import { tabSearch } from './ai-lesson-tabs.ts'
import { roleOfTheDay } from './suggested-topics.ts'

function HomeCard({ title, children, action }: { title: ReactNode; children: ReactNode; action: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm" h="100%">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Stack gap={6} style={{ flex: 1 }}>
          {children}
        </Stack>
        {action}
      </Stack>
    </Paper>
  )
}

/** An outside provider's AI lesson (AI_LESSON_URL), embedded through its signed URL. */
function ProviderLesson() {
  const { t } = useLingui()
  const url = useAiLessonUrl()
  if (url.isError) return <FormError>{t`Nie udało się uzyskać dostępu do lekcji z AI`}</FormError>
  if (url.data?.provider !== 'external') return null
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <iframe
        title={t`Lekcja z AI`}
        src={url.data.url}
        style={{ border: 0, width: '100%', height: 600, display: 'block' }}
        allow="microphone; autoplay"
      />
    </Paper>
  )
}

/** Home: today's reviews, a suggested conversation, the next lesson with a teacher. */
export function HomeTab() {
  const { t, i18n } = useLingui()
  const words = useWords().data?.words ?? []
  const due = words.filter((word) => Date.parse(word.due) <= Date.now()).length
  const progress = useAiProgress().data
  const goal = useAiSettings().data?.daily_goal_minutes ?? 15
  const minutes = progress?.minutes_today ?? 0
  const lessonTopic = useAiTopics().data?.[0]?.title
  const topic = lessonTopic ?? i18n._(roleOfTheDay())
  const profile = useProfile().data
  const withTeacher = profile?.human_access === true
  const next = useScheduledLessons(withTeacher).data?.lessons.find((lesson) => lesson.status === 'scheduled')
  return (
    <Stack gap="lg">
      <ProviderLesson />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <HomeCard
          title={<Trans>Dzisiejsze powtórki</Trans>}
          action={
            <Button
              component={Link}
              to={tabSearch('wordbook')}
              leftSection={<IconNotebook size={16} aria-hidden />}
            >
              <Trans>Powtórz słowa</Trans>
            </Button>
          }
        >
          <Text fz={32} fw={700} lh={1}>
            {due}
          </Text>
          <Text size="sm" c="dimmed">
            {words.length === 0 ? t`Zapisuj słowa z rozmów, a wrócą tu do powtórki.` : t`Słowa do powtórki`}
          </Text>
          <Text size="sm" mt="xs">
            {t`Cel na dziś: ${minutes} z ${goal} min rozmowy`}
          </Text>
          <Progress value={Math.min(100, (minutes / goal) * 100)} aria-label={t`Cel na dziś`} />
        </HomeCard>
        <HomeCard
          title={<Trans>Proponowana rozmowa</Trans>}
          action={
            <Button
              component={Link}
              to={tabSearch('chat', topic)}
              variant="light"
              leftSection={<IconMessageCircle size={16} aria-hidden />}
            >
              <Trans>Rozmawiaj</Trans>
            </Button>
          }
        >
          <Text fw={500}>{topic}</Text>
          <Text size="sm" c="dimmed">
            {lessonTopic ? t`Temat z Twojej ostatniej lekcji z lektorem.` : t`Scenka na dziś.`}
          </Text>
        </HomeCard>
        <HomeCard
          title={<Trans>Najbliższa lekcja z lektorem</Trans>}
          action={
            withTeacher && (
              <Button
                component={Link}
                to={next ? paths.myLessons : paths.setLessons}
                variant="default"
                leftSection={<IconCalendarEvent size={16} aria-hidden />}
              >
                {next ? <Trans>Moje lekcje</Trans> : <Trans>Umów lekcję</Trans>}
              </Button>
            )
          }
        >
          {next ? (
            <>
              <Text fw={500}>
                {formatPolandDate(Date.parse(next.scheduled_at))},{' '}
                {formatPolandTime(Date.parse(next.scheduled_at))}
              </Text>
              <Text size="sm" c="dimmed">
                {next.teacher.first_name} {next.teacher.last_name}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {withTeacher
                ? t`Nie masz zaplanowanej lekcji z lektorem.`
                : t`Twoje konto nie obejmuje lekcji z lektorem.`}
            </Text>
          )}
        </HomeCard>
      </SimpleGrid>
    </Stack>
  )
}
