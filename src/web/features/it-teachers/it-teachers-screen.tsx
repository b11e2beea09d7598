import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { useItTeachers } from '../../api/it-teachers.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { usePageTitle } from '../../ui/use-page-title.ts'
import { ItTeacherCard } from './it-teacher-card.tsx'

/**
 * The IT-teachers screen (product-rules.md "Who uses it"): the teachers with the IT specialization,
 * for the partner company's users (the guard sends everyone else to my-lessons).
 */
export function ItTeachersScreen() {
  const { t } = useLingui()
  const title = t`Lektorzy IT`
  usePageTitle(title)
  const teachers = useItTeachers()
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">
          <Trans>Lektorzy, którzy prowadzą lekcje językowe dla branży IT.</Trans>
        </Text>
      </Stack>
      <ItTeachersList query={teachers} />
    </Stack>
  )
}

function ItTeachersList({ query }: { query: ReturnType<typeof useItTeachers> }) {
  const { t } = useLingui()
  if (query.data === undefined && query.isError) {
    const error = query.error instanceof ApiError ? apiErrorMessage(query.error) : codeMessage('server_error')
    return (
      <Stack gap="sm" align="flex-start">
        <FormError>
          <Message of={error} />
        </FormError>
        <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          <Trans>Spróbuj ponownie</Trans>
        </Button>
      </Stack>
    )
  }
  if (query.data === undefined) return <PageLoader label={<Trans>Wczytujemy lektorów…</Trans>} />
  if (query.data.length === 0)
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center" c="dimmed">
          <Trans>Nie ma teraz dostępnych lektorów IT. Zajrzyj tu później.</Trans>
        </Text>
      </Paper>
    )
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t`Lektorzy IT`}
    >
      {query.data.map((teacher) => (
        <ItTeacherCard key={teacher.id} teacher={teacher} />
      ))}
    </SimpleGrid>
  )
}
