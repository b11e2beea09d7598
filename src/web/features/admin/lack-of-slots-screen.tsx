import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import {
  type LackOfSlotsFilters,
  type LackOfSlotsHandled,
  useHandleLackOfSlots,
  useLackOfSlots,
} from '../../api/admin-lack-of-slots.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage } from '../../api/error-messages.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { pageFrom } from './admin-format.ts'
import { auditHref } from './admin-sections.ts'
import { LackOfSlotsGroupCard } from './lack-of-slots-group-card.tsx'
import { ListPager } from './list-pager.tsx'
import { LoadFailure } from './load-failure.tsx'
import { useUrlFilters } from './url-filters.ts'

const HANDLED: LackOfSlotsHandled[] = ['unhandled', 'handled', 'all']

function readUrl(params: URLSearchParams): LackOfSlotsFilters {
  return {
    handled: HANDLED.find((h) => h === params.get('handled')) ?? 'unhandled',
    taught_language: (params.get('language') ?? '').trim().slice(0, 100),
    page: pageFrom(params),
  }
}

function writeUrl(filters: LackOfSlotsFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.handled !== 'unhandled') params.set('handled', filters.handled)
  if (filters.taught_language) params.set('language', filters.taught_language)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/**
 * The console's Lack-of-slots requests (product-rules.md "Records and fields"): what students asked
 * for and found no teacher, grouped by language, level and hour, the biggest groups first; the
 * school marks them handled.
 */
export function LackOfSlotsScreen() {
  const { t } = useLingui()
  const [filters, goUrl] = useUrlFilters(readUrl, writeUrl)
  const groups = useLackOfSlots(filters)
  const handle = useHandleLackOfSlots()
  const go = (next: (current: LackOfSlotsFilters) => LackOfSlotsFilters) => {
    handle.reset()
    goUrl(next)
  }
  const [language, setLanguage] = useState(filters.taught_language)
  useEffect(() => setLanguage(filters.taught_language), [filters.taught_language])
  const languages = [...new Set((groups.data?.groups ?? []).map((g) => g.key.taught_language))]
  const seenAt = new Date(groups.dataUpdatedAt || Date.now()).toISOString()
  const searchLanguage = (event: FormEvent) => {
    event.preventDefault()
    go((current) => ({ ...current, taught_language: language.trim(), page: 1 }))
  }
  const failure = handle.error instanceof ApiError ? handle.error : null
  const handled = handle.data?.handled

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Brakujące terminy</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>
            Kursanci, którzy nie znaleźli lektora na wybraną godzinę, zgrupowani według języka, poziomu i
            godziny. Czas polski.
          </Trans>
        </Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t`Które zgłoszenia`}
          value={filters.handled}
          onChange={(value) =>
            go((current) => ({
              ...current,
              handled: HANDLED.find((h) => h === value) ?? 'unhandled',
              page: 1,
            }))
          }
          data={[
            { value: 'unhandled', label: t`Czekające` },
            { value: 'handled', label: t`Obsłużone` },
            { value: 'all', label: t`Wszystkie` },
          ]}
        />
        <Group
          component="form"
          onSubmit={searchLanguage}
          role="search"
          aria-label={t`Filtr języka`}
          align="flex-end"
          gap="xs"
          wrap="nowrap"
        >
          <Autocomplete
            label={t`Język nauki`}
            placeholder={t`np. English`}
            value={language}
            onChange={setLanguage}
            data={languages}
            w={200}
          />
          <Button type="submit" variant="default">
            <Trans>Pokaż</Trans>
          </Button>
        </Group>
      </Group>
      {handled !== undefined && (
        <Alert color="green" variant="light" role="status">
          <Trans>
            Oznaczono jako obsłużone: {handled}.{' '}
            <Anchor component={Link} to={auditHref({ action: 'lack_of_slots.handle' })}>
              Zobacz w dzienniku zmian
            </Anchor>
          </Trans>
        </Alert>
      )}
      {failure && (
        <FormError>
          <Message of={apiErrorMessage(failure)} />
        </FormError>
      )}
      {groups.data ? (
        <Stack gap="sm" aria-busy={groups.isFetching} style={{ opacity: groups.isPlaceholderData ? 0.6 : 1 }}>
          {groups.data.groups.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" role="status">
              {filters.handled === 'unhandled' ? (
                <Trans>Nic nie czeka. Wszystkie zgłoszenia są obsłużone.</Trans>
              ) : (
                <Trans>Brak zgłoszeń dla tych filtrów.</Trans>
              )}
            </Text>
          ) : (
            groups.data.groups.map((group) => (
              <LackOfSlotsGroupCard
                key={`${group.key.taught_language}|${group.key.level}|${group.key.hour}`}
                group={group}
                seenAt={seenAt}
                busy={handle.isPending}
                onHandle={(input) => handle.mutate(input)}
                onLanguage={(name) => go((current) => ({ ...current, taught_language: name, page: 1 }))}
              />
            ))
          )}
          <ListPager
            page={filters.page}
            hasMore={groups.data.has_more}
            label={t`Strony zgłoszeń`}
            onPage={(page) => go((current) => ({ ...current, page }))}
          />
        </Stack>
      ) : groups.isError ? (
        <LoadFailure
          error={groups.error}
          retrying={groups.isFetching}
          onRetry={() => void groups.refetch()}
        />
      ) : (
        <PageLoader label={<Trans>Wczytujemy zgłoszenia…</Trans>} />
      )}
    </Stack>
  )
}
