import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useLocation, useParams } from 'react-router-dom'
import {
  type AdminGroupClassDetail,
  useCancelRemaining,
  useGroupClass,
} from '../../api/admin-group-classes.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { PageLoader } from '../../ui/page-loader.tsx'
import { isUuid, personName } from './admin-format.ts'
import { ADMIN_BASE, auditHref } from './admin-sections.ts'
import { GroupClassEditDialog } from './group-class-edit-dialog.tsx'
import { GroupClassStateBadge } from './group-class-state-badge.tsx'
import { GroupConfirmDialog } from './group-confirm-dialog.tsx'
import { GroupEnrolDialog } from './group-enrol-dialog.tsx'
import { GroupMeetingsSection } from './group-meetings-section.tsx'
import { GroupRosterSection } from './group-roster-section.tsx'
import { LoadFailure } from './load-failure.tsx'
import './group-error-messages.ts'

/** One group class as the school runs it: its meetings, roster with attendance and waiting list. */
export function GroupClassScreen() {
  const { classId = '' } = useParams()
  const { state } = useLocation()
  // Back to the list as it was (its filters and page), when the operator came from it.
  const listSearch =
    state && typeof state === 'object' && 'listSearch' in state && typeof state.listSearch === 'string'
      ? state.listSearch
      : ''
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${ADMIN_BASE}/group-classes${listSearch}`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          <Trans>Wszystkie zajęcia grupowe</Trans>
        </Group>
      </Anchor>
      {isUuid(classId) ? (
        <GroupClassLoader classId={classId} />
      ) : (
        <Text role="alert">
          <Trans>Nie ma takich zajęć.</Trans>
        </Text>
      )}
    </Stack>
  )
}

function GroupClassLoader({ classId }: { classId: string }) {
  const group = useGroupClass(classId)
  if (group.data) return <GroupClassBody group={group.data} />
  if (group.isError)
    return (
      <LoadFailure error={group.error} retrying={group.isFetching} onRetry={() => void group.refetch()} />
    )
  return <PageLoader label={<Trans>Wczytujemy zajęcia…</Trans>} />
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  )
}

function GroupClassBody({ group }: { group: AdminGroupClassDetail }) {
  const { t, i18n } = useLingui()
  const [dialog, setDialog] = useState<'edit' | 'enrol' | 'end' | null>(null)
  const end = useCancelRemaining(group.id)
  const active = group.state === 'active'
  const coming = group.meetings_list.filter((m) => m.state === 'upcoming').length

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {group.title}
            </Title>
            <GroupClassStateBadge state={group.state} />
          </Group>
          {group.description && (
            <Text size="sm" c="dimmed" mt={4} style={{ whiteSpace: 'pre-line' }}>
              {group.description}
            </Text>
          )}
        </div>
        <Group gap="xs">
          {active && (
            <>
              <Button onClick={() => setDialog('enrol')}>
                <Trans>Zapisz kursantów</Trans>
              </Button>
              <Button variant="default" onClick={() => setDialog('edit')}>
                <Trans>Edytuj</Trans>
              </Button>
            </>
          )}
          <Anchor component={Link} to={auditHref({ target_id: group.id })} size="sm">
            <Trans>Historia zmian</Trans>
          </Anchor>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          <Fact label={t`Lektor`}>{personName(group.teacher)}</Fact>
          <Fact label={t`Język i poziom`}>
            {languageLabel(group.language, i18n.locale)} {group.level.name}
          </Fact>
          <Fact label={t`Firma`}>{group.company_name ?? '—'}</Fact>
          <Fact label={t`Miejsca`}>
            {group.roster.length}/{group.capacity}
          </Fact>
          <Fact label={t`Oczekujący`}>{group.waiting_list.length}</Fact>
          <Fact label={t`Pokój`}>{group.provider === 'vonage' ? t`Vonage lektora` : t`Pokój Lektorium`}</Fact>
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
        <Stack gap="sm">
          <GroupMeetingsSection group={group} />
          {active && coming > 0 && (
            <Group>
              <Button
                variant="outline"
                color="red"
                onClick={() => {
                  end.reset()
                  setDialog('end')
                }}
              >
                <Trans>Odwołaj pozostałe spotkania</Trans>
              </Button>
            </Group>
          )}
        </Stack>
        <GroupRosterSection group={group} />
      </SimpleGrid>
      {dialog === 'edit' && <GroupClassEditDialog group={group} onClose={() => setDialog(null)} />}
      {dialog === 'enrol' && <GroupEnrolDialog group={group} onClose={() => setDialog(null)} />}
      {dialog === 'end' && (
        <GroupConfirmDialog
          title={t`Odwołać pozostałe spotkania?`}
          confirm={<Trans>Odwołaj wszystkie</Trans>}
          pending={end.isPending}
          error={end.error}
          onConfirm={() => end.mutate(undefined, { onSuccess: () => setDialog(null) })}
          onClose={() => setDialog(null)}
        >
          <Trans>
            Wszystkie spotkania, które jeszcze się nie zaczęły ({coming}), zostaną odwołane, a zajęcia
            zamknięte dla zapisów. Nikt nie dostanie kary; czas wraca do grafiku lektora.
          </Trans>
        </GroupConfirmDialog>
      )}
    </Stack>
  )
}
