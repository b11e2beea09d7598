import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useParams } from 'react-router-dom'
import type { StudentSummary } from '../../../domain/api/profile.ts'
import { useLanguages } from '../../api/dictionaries.ts'
import { useStudentSummary } from '../../api/student-summary.ts'
import { isPersonId } from '../../api/teacher-summary.ts'
import { languageLabel, pickById } from '../../ui/language-labels.ts'
import { usePageTitle } from '../../ui/use-page-title.ts'
import { TextCard } from './person-cards.tsx'
import { PersonQueryState } from './person-query-state.tsx'

/**
 * /dashboard/student-profile/:id (teachers only, guard.ts; decisions.md "Who may open a student's
 * profile"): what a teacher sees of a student.
 */
export function StudentProfileScreen() {
  const { t } = useLingui()
  const { id } = useParams()
  const query = useStudentSummary(id)
  usePageTitle(t`Profil kursanta`)
  return (
    <PersonQueryState query={query} validId={isPersonId(id)} loadingLabel={t`Wczytujemy profil kursanta…`}>
      {(student) => <StudentProfileView student={student} />}
    </PersonQueryState>
  )
}

export function StudentProfileView({ student }: { student: StudentSummary }) {
  const { t, i18n } = useLingui()
  const small = useMediaQuery('(max-width: 36em)')
  const name = [student.first_name, student.last_name].filter(Boolean).join(' ') || '—'
  const languages = pickById(
    useLanguages().data,
    student.languages_learned.map((l) => l.language_id),
  )
  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group gap="lg" wrap="nowrap">
          <Avatar src={student.image_url} name={name} color="initials" size={small ? 72 : 96} alt={name} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              <Trans>Profil kursanta</Trans>
            </Text>
            <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }} mt={-6}>
              {name}
            </Title>
            {languages.length > 0 && (
              <Group
                gap={6}
                component="ul"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={t`Uczy się`}
              >
                {languages.map((language) => (
                  <Badge key={language.id} component="li" variant="light" tt="none" fw={500}>
                    {languageLabel(language, i18n.locale)}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        </Group>
      </Paper>
      <TextCard title={t`O mnie`} text={student.about} empty={t`Nie dodano jeszcze informacji.`} />
    </Stack>
  )
}
