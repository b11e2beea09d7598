import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Badge, Button, Paper, Stack, Text, Title } from '@mantine/core'
import { IconCamera } from '@tabler/icons-react'
import type { Profile } from '../../../domain/api/profile.ts'
import { useTeacherStudentsCount } from '../../api/teacher-students.ts'
import { RatingSummary } from '../../ui/rating-summary.tsx'

type Props = { profile: Profile; name: string; onChangePicture: () => void }

/** Picture (with Change), name, e-mail and role; a teacher's rating and approved students. */
export function IdentityCard({ profile, name, onChangePicture }: Props) {
  const { t } = useLingui()
  const teacher = profile.role === 'teacher'
  const approved = useTeacherStudentsCount(teacher).data
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={t`Twoje konto`}>
      <Stack align="center" gap="sm" ta="center">
        <Avatar src={profile.image_url} name={name} color="initials" size={112} alt={name} />
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconCamera size={16} aria-hidden />}
          onClick={onChangePicture}
        >
          {profile.image_url ? <Trans>Zmień zdjęcie</Trans> : <Trans>Dodaj zdjęcie</Trans>}
        </Button>
        <Stack gap={4} align="center" w="100%">
          <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {profile.email}
          </Text>
          <Badge variant="light" color={teacher ? 'accent' : 'indigo'} c={teacher ? 'accent.9' : undefined}>
            {teacher ? <Trans>Konto lektora</Trans> : <Trans>Konto kursanta</Trans>}
          </Badge>
        </Stack>
        {teacher && <RatingSummary average={profile.average_rating} count={profile.ratings} />}
        {/* The profile's `teacher_students`: the count of approved students. */}
        {teacher && approved !== undefined && (
          <Text size="sm" c="dimmed">
            <Trans>Zatwierdzeni kursanci: {approved}</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
