import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/ThemeIcon.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCalendarEvent, IconRobot, IconUserEdit } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { useLanguages } from '../../api/dictionaries.ts'
import { useProfile } from '../../api/profile.ts'
import { paths } from '../../app/paths.ts'
import { languageLabel, pickById } from '../../ui/language-labels.ts'
import { usePageTitle } from '../../ui/use-page-title.ts'

/**
 * /dashboard/ai-lesson (spec §2) until the AI lesson is built (issue #11 item 8): the first screen
 * of an AI-only student, so it says honestly that the lessons are coming, shows what they will
 * practise (their languages), and offers what can be done now — the profile, and lessons with a
 * teacher when the account has them.
 */
export function AiLessonScreen() {
  const { t, i18n } = useLingui()
  const title = t`Lekcja z AI`
  usePageTitle(title)
  const profile = useProfile().data
  const learned = pickById(
    useLanguages().data,
    (profile?.languages_learned ?? []).map((language) => language.language_id),
  )
  const withTeacher = profile?.human_access === true && !profile.only_group_lessons
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {title}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden visibleFrom="xs">
            <IconRobot size={30} />
          </ThemeIcon>
          <Stack gap="sm" style={{ minWidth: 0 }}>
            <Title order={2} fz="lg">
              <Trans>Lekcje z AI wkrótce tutaj</Trans>
            </Title>
            <Text>
              <Trans>
                Twoje konto obejmuje lekcje z AI. Przygotowujemy je: rozmowy, wymowę, słowniczek i Twoje
                postępy znajdziesz na tym ekranie, gdy tylko będą gotowe.
              </Trans>
            </Text>
            {learned.length > 0 && (
              <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Języki`}>
                <Text size="sm" c="dimmed" component="li">
                  <Trans>Będziesz ćwiczyć:</Trans>
                </Text>
                {learned.map((language) => (
                  <Badge key={language.id} component="li" variant="light" tt="none" size="lg" fw={500}>
                    {languageLabel(language, i18n.locale)}
                  </Badge>
                ))}
              </Group>
            )}
            <Text size="sm" c="dimmed">
              <Trans>
                Już teraz uzupełnij profil: języki, których się uczysz, i kilka słów o sobie pomogą dopasować
                lekcje do Ciebie.
              </Trans>
            </Text>
            <Group gap="sm" mt="xs">
              <Button
                component={Link}
                to={paths.profile}
                leftSection={<IconUserEdit size={16} aria-hidden />}
              >
                <Trans>Przejdź do profilu</Trans>
              </Button>
              {withTeacher && (
                <Button
                  component={Link}
                  to={paths.setLessons}
                  variant="default"
                  leftSection={<IconCalendarEvent size={16} aria-hidden />}
                >
                  <Trans>Umów lekcję z lektorem</Trans>
                </Button>
              )}
            </Group>
            {!withTeacher && (
              <Text size="sm" c="dimmed">
                <Trans>Chcesz uczyć się także z lektorem? Poproś szkołę o dostęp do lekcji z lektorem.</Trans>
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
    </Stack>
  )
}
