import '@mantine/core/styles/Badge.css'
import { Trans } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import type { AbsenceReportStatus } from '../../api/admin-absence.ts'
import { ADMIN_BASE } from './admin-sections.ts'

/** An absence report's state, colour plus text. */
export function ReportStatusBadge({ status }: { status: AbsenceReportStatus }) {
  if (status === 'accepted')
    return (
      <Badge color="red" variant="light">
        <Trans>Uznane</Trans>
      </Badge>
    )
  if (status === 'dismissed')
    return (
      <Badge color="gray" variant="light">
        <Trans>Odrzucone</Trans>
      </Badge>
    )
  return (
    <Badge color="orange" variant="light">
      <Trans>Czeka na decyzję</Trans>
    </Badge>
  )
}

export const absenceHref = (status: AbsenceReportStatus) =>
  `${ADMIN_BASE}/absence${status === 'open' ? '' : `?status=${status}`}`
