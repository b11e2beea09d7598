import '@mantine/core/styles/Badge.css'
import { Trans } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import type { GroupClassState } from '../../../domain/api/admin-group-classes.ts'
import type { AdminGroupMeeting } from '../../api/admin-group-classes.ts'

/** A class's state: running, over, or cancelled by the school. */
export function GroupClassStateBadge({ state }: { state: GroupClassState }) {
  if (state === 'cancelled')
    return (
      <Badge color="red" variant="light">
        <Trans>Odwołane</Trans>
      </Badge>
    )
  if (state === 'finished')
    return (
      <Badge color="gray" variant="light">
        <Trans context="group class">Zakończone</Trans>
      </Badge>
    )
  return (
    <Badge color="indigo" variant="light">
      <Trans>Trwają</Trans>
    </Badge>
  )
}

/** A meeting's state on the class's page. */
export function MeetingStateBadge({ state }: { state: AdminGroupMeeting['state'] }) {
  if (state === 'cancelled')
    return (
      <Badge color="red" variant="light">
        <Trans>Odwołane</Trans>
      </Badge>
    )
  if (state === 'past')
    return (
      <Badge color="gray" variant="light">
        <Trans>Odbyło się</Trans>
      </Badge>
    )
  if (state === 'started')
    return (
      <Badge color="green" variant="light">
        <Trans>Trwa</Trans>
      </Badge>
    )
  return (
    <Badge color="indigo" variant="light">
      <Trans>Zaplanowane</Trans>
    </Badge>
  )
}
