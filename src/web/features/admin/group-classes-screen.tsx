import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { type AdminGroupClass, useGroupClasses } from '../../api/admin-group-classes.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { PageLoader } from '../../ui/page-loader.tsx'
import { personName, polandDateTime } from './admin-format.ts'
import { ADMIN_BASE } from './admin-sections.ts'
import { GroupClassCreateDialog } from './group-class-create-dialog.tsx'
import { GroupClassStateBadge } from './group-class-state-badge.tsx'
import { GroupClassesFilters } from './group-classes-filters.tsx'
import { groupClassesQuery, readGroupClassesUrl, writeGroupClassesUrl } from './group-classes-url.ts'
import { ListPager } from './list-pager.tsx'
import { LoadFailure } from './load-failure.tsx'
import { useUrlFilters } from './url-filters.ts'
import './group-error-messages.ts'

export const groupClassHref = (id: string) => `${ADMIN_BASE}/group-classes/${id}`

function ClassCard({ group }: { group: AdminGroupClass }) {
  const { i18n } = useLingui()
  const { search } = useLocation()
  const teacher = personName(group.teacher)
  const subject = `${languageLabel(group.language, i18n.locale)} ${group.level.name}`
  const next = group.next_meeting_at ? polandDateTime(group.next_meeting_at) : null
  const { enrolled, capacity, waiting, meetings } = group
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={groupClassHref(group.id)} state={{ listSearch: search }} fw={600}>
            {group.title}
          </Anchor>
          <GroupClassStateBadge state={group.state} />
        </Group>
        <Text size="sm">
          {subject} · <Trans>Lektor: {teacher}</Trans>
          {group.company_name && <> · {group.company_name}</>}
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>
            Zapisani: {enrolled}/{capacity} · Oczekujący: {waiting} · Spotkania: {meetings}
          </Trans>
          {next && (
            <>
              {' · '}
              <Trans>Następne: {next}</Trans>
            </>
          )}
        </Text>
      </Stack>
    </Paper>
  )
}

/** The console's group classes: by teacher, language, company and state; create one. */
export function GroupClassesScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [filters, go] = useUrlFilters(readGroupClassesUrl, writeGroupClassesUrl)
  const classes = useGroupClasses(groupClassesQuery(filters))
  const [creating, setCreating] = useState(false)

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            <Trans>Zajęcia grupowe</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            <Trans>Kursy grupowe szkoły: spotkania, zapisy i lista oczekujących. Czas polski.</Trans>
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          <Trans>Nowe zajęcia</Trans>
        </Button>
      </Group>
      <GroupClassesFilters value={filters} onApply={(next) => go(() => next)} />
      {classes.data ? (
        <Stack
          gap="sm"
          aria-busy={classes.isFetching}
          style={{ opacity: classes.isPlaceholderData ? 0.6 : 1 }}
        >
          {classes.data.classes.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" role="status">
              {filters.page > 1 ? (
                <Trans>Na tej stronie nie ma już zajęć.</Trans>
              ) : (
                <Trans>Brak zajęć grupowych dla tych filtrów.</Trans>
              )}
            </Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              aria-label={t`Zajęcia grupowe`}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {classes.data.classes.map((group) => (
                <ClassCard key={group.id} group={group} />
              ))}
            </Stack>
          )}
          <ListPager
            page={filters.page}
            hasMore={classes.data.has_more}
            label={t`Strony listy zajęć grupowych`}
            onPage={(page) => go((current) => ({ ...current, page }))}
          />
        </Stack>
      ) : classes.isError ? (
        <LoadFailure
          error={classes.error}
          retrying={classes.isFetching}
          onRetry={() => void classes.refetch()}
        />
      ) : (
        <PageLoader label={<Trans>Wczytujemy zajęcia grupowe…</Trans>} />
      )}
      {creating && (
        <GroupClassCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => navigate(groupClassHref(id))}
        />
      )}
    </Stack>
  )
}
