import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useAdminStudents } from '../../api/admin-students.ts'
import { PageLoader } from '../../ui/page-loader.tsx'
import { ListPager } from './list-pager.tsx'
import { LoadFailure } from './load-failure.tsx'
import { StudentCard } from './student-card.tsx'
import { StudentCsvDialog } from './student-csv-dialog.tsx'
import { StudentInviteDialog } from './student-invite-dialog.tsx'
import { readStudentsUrl, STUDENT_FILTER_VALUES, writeStudentsUrl } from './students-url.ts'
import { useUrlFilters } from './url-filters.ts'

/** The console's Students: search, invite one or many (CSV with a preview), access, ban and warning. */
export function StudentsScreen() {
  const { t } = useLingui()
  const [filters, go] = useUrlFilters(readStudentsUrl, writeStudentsUrl)
  const students = useAdminStudents(filters)
  const [draft, setDraft] = useState({ q: filters.q, company: filters.company })
  useEffect(() => setDraft({ q: filters.q, company: filters.company }), [filters.q, filters.company])
  const [dialog, setDialog] = useState<'invite' | 'csv' | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    go((current) => ({ ...current, q: draft.q.trim(), company: draft.company.trim(), page: 1 }))
  }
  const statusLabels: Record<(typeof STUDENT_FILTER_VALUES)[number], string> = {
    all: t`Wszyscy`,
    active: t`Z dostępem`,
    expired: t`Dostęp wygasł`,
    banned: t`Zablokowani`,
    warned: t`Ostrzeżeni`,
    invited: t`Zaproszeni`,
    deactivated: t`Nieaktywni`,
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            <Trans>Kursanci</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            <Trans>Kursantów zaprasza szkoła: z dostępem do lekcji i datą końca.</Trans>
          </Text>
        </div>
        <Group gap="xs">
          <Button onClick={() => setDialog('invite')}>
            <Trans>Zaproś kursanta</Trans>
          </Button>
          <Button variant="default" onClick={() => setDialog('csv')}>
            <Trans>Zaproś z pliku CSV</Trans>
          </Button>
        </Group>
      </Group>
      <form onSubmit={submit} aria-label={t`Szukaj kursantów`}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t`Stan`}
            value={filters.status}
            allowDeselect={false}
            onChange={(value) =>
              go((current) => ({
                ...current,
                status: readStudentsUrl(new URLSearchParams({ status: value ?? 'all' })).status,
                page: 1,
              }))
            }
            data={STUDENT_FILTER_VALUES.map((value) => ({ value, label: statusLabels[value] }))}
          />
          <TextInput
            label={t`Imię, nazwisko lub e-mail`}
            value={draft.q}
            maxLength={100}
            onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
          />
          <TextInput
            label={t`Firma`}
            value={draft.company}
            maxLength={100}
            onChange={(event) => setDraft({ ...draft, company: event.currentTarget.value })}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" variant="default" leftSection={<IconSearch size={16} aria-hidden />}>
            <Trans>Szukaj</Trans>
          </Button>
        </Group>
      </form>
      {students.data ? (
        <Stack
          gap="sm"
          aria-busy={students.isFetching}
          style={{ opacity: students.isPlaceholderData ? 0.6 : 1 }}
        >
          {students.data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              <Trans>Brak kursantów dla tych filtrów.</Trans>
            </Text>
          ) : (
            students.data.items.map((student) => <StudentCard key={student.id} student={student} />)
          )}
          <ListPager
            page={filters.page}
            hasMore={students.data.has_more}
            label={t`Strony listy kursantów`}
            onPage={(page) => go((current) => ({ ...current, page }))}
          />
        </Stack>
      ) : students.isError ? (
        <LoadFailure
          error={students.error}
          retrying={students.isFetching}
          onRetry={() => void students.refetch()}
        />
      ) : (
        <PageLoader label={<Trans>Wczytujemy kursantów…</Trans>} />
      )}
      {dialog === 'invite' && <StudentInviteDialog onClose={() => setDialog(null)} />}
      {dialog === 'csv' && <StudentCsvDialog onClose={() => setDialog(null)} />}
    </Stack>
  )
}
