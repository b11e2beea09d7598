import '@mantine/core/styles/Badge.css'
import { Trans } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import type { LessonStatus } from '../../../domain/api/my-lessons.ts'

/**
 * design.md "Visual language": a lesson's state looks the same everywhere — the app's colours and
 * words.
 */
export function LessonStatusBadge({ status }: { status: LessonStatus }) {
  if (status === 'cancelled')
    return (
      <Badge color="red" variant="light">
        <Trans>Odwołana</Trans>
      </Badge>
    )
  if (status === 'finished')
    return (
      <Badge color="gray" variant="light">
        <Trans>Zakończona</Trans>
      </Badge>
    )
  return (
    <Badge color="indigo" variant="light">
      <Trans>Zaplanowana</Trans>
    </Badge>
  )
}
