import '@mantine/core/styles/Pagination.css'
import '@mantine/core/styles/ThemeIcon.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Pagination, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue } from 'react'
import { ApiError } from '../../api/api-error.ts'
import {
  type TeacherSearchParams,
  teacherSearchQueryOptions,
  useTeacherSearch,
} from '../../api/teacher-search.ts'
import { useOnlineStatus } from '../../offline/connectivity.ts'
import { PageLoader } from '../../ui/page-loader.tsx'
import { OfflineResults } from './offline-results.tsx'
import { TeacherResultCard } from './teacher-result-card.tsx'

type Props = {
  params: TeacherSearchParams
  /** Opens a teacher's week: the current one, or a week saved on the device (offline). */
  onOpen: (teacherId: string, weekStart?: string) => void
  onPage: (page: number) => void
  /** The teacher whose week the user came back from: their card takes the focus. */
  returnedFrom?: string | null
}

/**
 * The paginated results of GET /teachers/search with their loading, empty and error states;
 * without a connection and without results to show, the weeks saved on the device.
 */
export function TeacherResults({ params, onOpen, onPage, returnedFrom = null }: Props) {
  const { t } = useLingui()
  const search = useTeacherSearch(params)
  const online = useOnlineStatus()
  // When nothing matches, whether anyone teaches the language at all (then a wider time or a lower
  // level would not help).
  const { languageId } = params
  const narrowed = params.levelId !== undefined || params.day !== undefined || params.time !== undefined
  const languageAlone = useQuery({
    ...teacherSearchQueryOptions({ languageId, page: 1, perPage: 1 }),
    enabled: languageId !== undefined && narrowed && search.data?.total === 0,
  })
  const untaught =
    languageId !== undefined && (narrowed ? languageAlone.data?.total === 0 : search.data?.total === 0)
  // Offline, the query waits (paused) for the connection: it would say "searching" forever.
  const unreachable =
    (search.isPending && (!online || search.fetchStatus === 'paused')) ||
    (search.isError && search.error instanceof ApiError && search.error.kind === 'network')
  if (unreachable && search.data === undefined) return <OfflineResults onOpen={onOpen} />
  if (search.isPending) return <PageLoader label={t`Szukamy lektorów…`} />
  if (search.isError)
    return (
      <Alert color="red" variant="light" title={t`Nie udało się wyszukać lektorów`}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            <Trans>Sprawdź połączenie i spróbuj ponownie.</Trans>
          </Text>
          <Button variant="light" color="red" onClick={() => void search.refetch()}>
            <Trans>Spróbuj ponownie</Trans>
          </Button>
        </Stack>
      </Alert>
    )
  const page = search.data
  if (page.total === 0)
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconSearch size={24} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            <Trans>Żaden lektor nie pasuje do filtrów</Trans>
          </Title>
          <Text c="dimmed" maw={440}>
            {untaught ? (
              <Trans>Żaden z naszych lektorów nie uczy jeszcze tego języka. Wybierz inny język.</Trans>
            ) : (
              <Trans>Spróbuj wybrać inny dzień, szerszy przedział godzin albo niższy poziom.</Trans>
            )}
          </Text>
        </Stack>
      </Paper>
    )
  return (
    <ResultPage
      page={page}
      busy={search.isFetching}
      onOpen={onOpen}
      onPage={onPage}
      returnedFrom={returnedFrom}
    />
  )
}

type ResultPageProps = Omit<Props, 'params'> & {
  page: NonNullable<ReturnType<typeof useTeacherSearch>['data']>
  busy: boolean
}

/**
 * One page of results. The cards render as a transition (after a first render of the loader) so
 * that on a phone they never hold the main thread in one long task: an answer of TanStack Query
 * would otherwise render them synchronously.
 */
function ResultPage({ page: latest, busy, onOpen, onPage, returnedFrom = null }: ResultPageProps) {
  const { t } = useLingui()
  const page = useDeferredValue(latest, null)
  if (page === null) return <PageLoader label={t`Szukamy lektorów…`} />
  return (
    <Stack gap="md" component="section" aria-label={t`Wyniki wyszukiwania`} aria-busy={busy}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t`Znalezieni lektorzy: ${page.total}`}
      </Text>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {page.data.map((teacher) => (
          <TeacherResultCard
            key={teacher.id}
            teacher={teacher}
            onOpen={() => onOpen(teacher.id)}
            takeFocus={teacher.id === returnedFrom}
          />
        ))}
      </Stack>
      {page.lastPage > 1 && (
        <Pagination
          total={page.lastPage}
          value={page.currentPage}
          onChange={onPage}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous'
                ? t`Poprzednia strona`
                : control === 'next'
                  ? t`Następna strona`
                  : undefined,
          })}
          getItemProps={(item) => ({ 'aria-label': t`Strona ${item}` })}
          style={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  )
}
