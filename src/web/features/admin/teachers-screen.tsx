import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useAdminTeachers } from '../../api/admin-teachers.ts'
import { PageLoader } from '../../ui/page-loader.tsx'
import { ListPager } from './list-pager.tsx'
import { LoadFailure } from './load-failure.tsx'
import { TeacherCard } from './teacher-card.tsx'
import { readTeachersUrl, writeTeachersUrl } from './teachers-url.ts'
import { useUrlFilters } from './url-filters.ts'

/**
 * The console's Teachers: the queue of teachers awaiting verification (product-rules.md "Sign-in
 * and account states") with what the school judges them by, verify or reject; for any teacher the
 * monthly cap, video, deactivation.
 */
export function TeachersScreen() {
  const { t } = useLingui()
  const [filters, go] = useUrlFilters(readTeachersUrl, writeTeachersUrl)
  const teachers = useAdminTeachers(filters)
  const [search, setSearch] = useState(filters.q)
  useEffect(() => setSearch(filters.q), [filters.q])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    go((current) => ({ ...current, q: search.trim(), page: 1 }))
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Lektorzy</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Lektorzy po rejestracji czekają na weryfikację szkoły.</Trans>
        </Text>
      </div>
      <Stack gap="sm">
        <Select
          label={t`Stan konta`}
          value={filters.status}
          allowDeselect={false}
          onChange={(value) =>
            go((current) => ({
              ...readTeachersUrl(new URLSearchParams({ status: value ?? '' })),
              q: current.q,
            }))
          }
          data={[
            { value: 'pending_verification', label: t`Do weryfikacji` },
            { value: 'active', label: t`Aktywni` },
            { value: 'deactivated', label: t`Nieaktywni` },
            { value: 'all', label: t`Wszyscy` },
          ]}
          maw={320}
        />
        <form onSubmit={submit} aria-label={t`Szukaj lektorów`}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={t`Imię, nazwisko lub e-mail`}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maxLength={100}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default" leftSection={<IconSearch size={16} aria-hidden />}>
              <Trans>Szukaj</Trans>
            </Button>
          </Group>
        </form>
      </Stack>
      {teachers.data ? (
        <Stack
          gap="sm"
          aria-busy={teachers.isFetching}
          style={{ opacity: teachers.isPlaceholderData ? 0.6 : 1 }}
        >
          {teachers.data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {filters.status === 'pending_verification' && !filters.q ? (
                <Trans>Nikt nie czeka na weryfikację.</Trans>
              ) : (
                <Trans>Brak lektorów dla tych filtrów.</Trans>
              )}
            </Text>
          ) : (
            teachers.data.items.map((teacher) => (
              <TeacherCard key={teacher.id} teacher={teacher} video={teachers.data.video} />
            ))
          )}
          <ListPager
            page={filters.page}
            hasMore={teachers.data.has_more}
            label={t`Strony listy lektorów`}
            onPage={(page) => go((current) => ({ ...current, page }))}
          />
        </Stack>
      ) : teachers.isError ? (
        <LoadFailure
          error={teachers.error}
          retrying={teachers.isFetching}
          onRetry={() => void teachers.refetch()}
        />
      ) : (
        <PageLoader label={<Trans>Wczytujemy lektorów…</Trans>} />
      )}
    </Stack>
  )
}
