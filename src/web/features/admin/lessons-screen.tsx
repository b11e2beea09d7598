import { Trans, useLingui } from '@lingui/react/macro'
import { Stack, Text, Title } from '@mantine/core'
import { useAdminLessons } from '../../api/admin-lessons.ts'
import { PageLoader } from '../../ui/page-loader.tsx'
import { LessonsFilters } from './lessons-filters.tsx'
import { LessonsList } from './lessons-list.tsx'
import { readLessonsUrl, toLessonsApiFilters, writeLessonsUrl } from './lessons-url.ts'
import { ListPager } from './list-pager.tsx'
import { LoadFailure } from './load-failure.tsx'
import { useUrlFilters } from './url-filters.ts'

/** The console's Lessons: by date range, teacher, student and status; newest first, page by page. */
export function LessonsScreen() {
  const { t } = useLingui()
  const [filters, go] = useUrlFilters(readLessonsUrl, writeLessonsUrl)
  const lessons = useAdminLessons(toLessonsApiFilters(filters))

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Lekcje</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>
            Lekcje wszystkich lektorów i kursantów, z obecnością w pokoju i zgłoszeniami. Czas polski.
          </Trans>
        </Text>
      </div>
      <LessonsFilters value={filters} onApply={(next) => go(() => next)} />
      {lessons.data ? (
        <Stack
          gap="sm"
          aria-busy={lessons.isFetching}
          style={{ opacity: lessons.isPlaceholderData ? 0.6 : 1 }}
        >
          {lessons.data.lessons.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" role="status">
              {filters.page > 1 ? (
                <Trans>Na tej stronie nie ma już lekcji.</Trans>
              ) : (
                <Trans>Brak lekcji dla tych filtrów.</Trans>
              )}
            </Text>
          ) : (
            <LessonsList lessons={lessons.data.lessons} />
          )}
          <ListPager
            page={filters.page}
            hasMore={lessons.data.has_more}
            label={t`Strony listy lekcji`}
            onPage={(page) => go((current) => ({ ...current, page }))}
          />
        </Stack>
      ) : lessons.isError ? (
        <LoadFailure
          error={lessons.error}
          retrying={lessons.isFetching}
          onRetry={() => void lessons.refetch()}
        />
      ) : (
        <PageLoader label={<Trans>Wczytujemy lekcje…</Trans>} />
      )}
    </Stack>
  )
}
