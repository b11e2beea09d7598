import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { type AdminGroupClassDetail, useRemoveGroupStudent } from '../../api/admin-group-classes.ts'
import { personName, polandDateTime } from './admin-format.ts'
import { GroupConfirmDialog } from './group-confirm-dialog.tsx'
import { PlainList } from './plain-list.tsx'

// A class's roster — each enrolled student with the past meetings they were in the room for — and
// its waiting list in order; anyone may be taken out (product-rules.md "Group classes").

type Person = { id: string; name: string | null; email: string; company_name: string | null }

function PersonLine({ person }: { person: Person }) {
  return (
    <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {personName(person)}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {person.email}
        {person.company_name && ` · ${person.company_name}`}
      </Text>
    </div>
  )
}

export function GroupRosterSection({ group }: { group: AdminGroupClassDetail }) {
  const { t } = useLingui()
  const remove = useRemoveGroupStudent(group.id)
  const [removing, setRemoving] = useState<Person | null>(null)
  const enrolled = group.roster.length
  const capacity = group.capacity
  const waiting = group.waiting_list.length
  const removingName = removing ? personName(removing) : ''
  const ask = (person: Person) => {
    remove.reset()
    setRemoving(person)
  }
  const removeButton = (person: Person) => {
    const name = personName(person)
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => ask(person)}
        aria-label={t`Wypisz: ${name}`}
      >
        <Trans>Wypisz</Trans>
      </Button>
    )
  }

  return (
    <Stack gap="md">
      <Stack gap="sm" component="section" aria-labelledby="group-roster">
        <Title order={2} size="h4" id="group-roster">
          <Trans>
            Zapisani ({enrolled}/{capacity})
          </Trans>
        </Title>
        {enrolled === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Nikt jeszcze nie jest zapisany.</Trans>
          </Text>
        ) : (
          <PlainList label={t`Zapisani kursanci`}>
            {group.roster.map(({ student, attended, past }) => (
              <Paper key={student.id} component="li" withBorder radius="sm" px="sm" py={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <PersonLine person={student} />
                  <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                    <Text size="sm" title={t`Obecność na spotkaniach, które się odbyły`}>
                      <Trans>
                        Obecność: {attended}/{past}
                      </Trans>
                    </Text>
                    {group.state !== 'cancelled' && removeButton(student)}
                  </Group>
                </Group>
              </Paper>
            ))}
          </PlainList>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="group-waiting">
        <Title order={2} size="h4" id="group-waiting">
          <Trans>Lista oczekujących ({waiting})</Trans>
        </Title>
        {waiting === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Nikt nie czeka na miejsce.</Trans>
          </Text>
        ) : (
          <PlainList ordered label={t`Lista oczekujących`}>
            {group.waiting_list.map(({ student, since }, index) => {
              const n = index + 1
              const at = polandDateTime(since)
              return (
                <Paper key={student.id} component="li" withBorder radius="sm" px="sm" py={6}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
                      <Text size="sm" c="dimmed">
                        {n}.
                      </Text>
                      <PersonLine person={student} />
                    </Group>
                    <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                      <Text size="xs" c="dimmed" visibleFrom="xs">
                        <Trans>od {at}</Trans>
                      </Text>
                      {group.state !== 'cancelled' && removeButton(student)}
                    </Group>
                  </Group>
                </Paper>
              )
            })}
          </PlainList>
        )}
      </Stack>
      {removing && (
        <GroupConfirmDialog
          title={t`Wypisać z zajęć?`}
          confirm={<Trans>Wypisz</Trans>}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
          onClose={() => setRemoving(null)}
        >
          <Trans>
            {removingName} straci miejsca na spotkaniach, które jeszcze się nie odbyły. Pierwsza osoba z listy
            oczekujących dostanie zwolnione miejsce.
          </Trans>
        </GroupConfirmDialog>
      )}
    </Stack>
  )
}
