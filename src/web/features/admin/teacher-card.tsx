import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Spoiler.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Avatar, Badge, Group, Paper, Spoiler, Stack, Text } from '@mantine/core'
import type { AdminTeacher, TeachersAnswer } from '../../api/admin-teachers.ts'
import { polandDateTime } from './admin-format.ts'
import { TeacherActions } from './teacher-actions.tsx'
import { useLanguageNames } from './use-language-names.ts'

type Props = { teacher: AdminTeacher; video: TeachersAnswer['video'] }

const fullName = (t: AdminTeacher) => [t.first_name, t.last_name].filter(Boolean).join(' ') || t.email

/** One teacher as the school reviews them: picture, video, languages, description and billing. */
export function TeacherCard({ teacher, video }: Props) {
  const { t } = useLingui()
  const name = fullName(teacher)
  const languageNames = useLanguageNames()
  // The account's state, not the person's: the same words for everyone.
  const status = {
    pending_verification: { color: 'yellow', label: t`Czeka na weryfikację` },
    active: { color: 'green', label: t`Konto aktywne` },
    deactivated: { color: 'gray', label: t`Konto nieaktywne` },
  }[teacher.status]
  const provider =
    teacher.video_provider === 'vonage'
      ? 'Vonage'
      : teacher.video_provider === 'builtin'
        ? t`Wbudowane`
        : t`Domyślne szkoły`

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={name}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={teacher.image_url} name={name} color="initials" size="lg" alt={name} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="wrap" align="center">
              <Text fw={600} style={{ wordBreak: 'break-word' }}>
                {name}
              </Text>
              <Badge color={status.color} variant="light" tt="none">
                {status.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {teacher.email}
            </Text>
            <Text size="xs" c="dimmed">
              <Trans>Rejestracja: {polandDateTime(teacher.created_at)}</Trans>
            </Text>
          </div>
        </Group>

        <Group gap={6} wrap="wrap" aria-label={t`Języki`}>
          {teacher.taught_languages.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>Nie podano języków.</Trans>
            </Text>
          ) : (
            teacher.taught_languages.map((l) => (
              <Badge key={`${l.language_id}-${l.level_id}`} variant="outline" tt="none">
                {languageNames.byId(l.language_id, l.language)} · {l.level}
              </Badge>
            ))
          )}
        </Group>

        {teacher.description ? (
          <Spoiler maxHeight={66} showLabel={t`Pokaż cały opis`} hideLabel={t`Zwiń opis`}>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {teacher.description}
            </Text>
          </Spoiler>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>Brak opisu.</Trans>
          </Text>
        )}

        <Group gap="md" wrap="wrap">
          {teacher.video_url ? (
            <Anchor href={teacher.video_url} target="_blank" rel="noreferrer" size="sm">
              <Trans>Obejrzyj film powitalny</Trans>
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Bez filmu</Trans>
            </Text>
          )}
          {teacher.billing.complete ? (
            <Badge color="green" variant="light" tt="none">
              <Trans>Dane do rozliczeń: komplet</Trans>
            </Badge>
          ) : (
            <Badge color="orange" variant="light" tt="none" style={{ maxWidth: '100%' }}>
              <Trans>Dane do rozliczeń: brak {teacher.billing.missing.join(', ')}</Trans>
            </Badge>
          )}
        </Group>

        {teacher.status === 'active' && (
          <Text size="sm" c="dimmed">
            <Trans>
              Limit lekcji w miesiącu: {teacher.monthly_lesson_cap ?? '—'} · Wideo: {provider} · Zaplanowane
              lekcje: {teacher.future_lessons} (LearnCube: {teacher.learncube_lessons})
            </Trans>
          </Text>
        )}
        {teacher.status !== 'pending_verification' && (
          // product-rules.md "Teacher penalties": the financial penalties for late cancellations
          // and absences, for the school to review.
          <Text
            size="sm"
            c={teacher.penalties.absence + teacher.penalties.late_cancellation > 0 ? 'red' : 'dimmed'}
          >
            <Trans>
              Kary: późne odwołania {teacher.penalties.late_cancellation} · nieobecności{' '}
              {teacher.penalties.absence}
            </Trans>
          </Text>
        )}
        {teacher.deactivation && (
          <Text size="sm" c="dimmed">
            {teacher.deactivation.kind === 'rejected' ? (
              <Trans>Rejestracja odrzucona {polandDateTime(teacher.deactivation.at)}</Trans>
            ) : (
              <Trans>Konto dezaktywowane {polandDateTime(teacher.deactivation.at)}</Trans>
            )}
            {teacher.deactivation.reason ? `: ${teacher.deactivation.reason}` : ''}
          </Text>
        )}
        <TeacherActions teacher={teacher} name={name} video={video} />
      </Stack>
    </Paper>
  )
}
