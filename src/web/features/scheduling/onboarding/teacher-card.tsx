import '@mantine/core/styles/Avatar.css'
import { Avatar, Group, Paper, Stack, Text } from '@mantine/core'
import type { TeacherSearchResult } from '../../../../domain/api/teachers.ts'
import { RatingSummary } from '../../../ui/rating-summary.tsx'

/** The teacher the onboarding found: picture, name and rating (as a search result has them). */
export function TeacherCard({ teacher }: { teacher: TeacherSearchResult }) {
  const name = `${teacher.first_name} ${teacher.last_name}`
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={teacher.image_url} name={name} color="initials" size={48} alt="" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <RatingSummary average={teacher.average_rating} />
        </Stack>
      </Group>
    </Paper>
  )
}
