import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import {
  type AbsenceReportStatus,
  type AbsenceResolution,
  type AdminAbsenceReport,
  useAbsenceReports,
} from '../../api/admin-absence.ts'
import { PageLoader } from '../../ui/page-loader.tsx'
import { AbsenceReportCard } from './absence-report-card.tsx'
import { AbsenceResolveDialog } from './absence-resolve-dialog.tsx'
import { pageFrom, personName, polandDateTime } from './admin-format.ts'
import { auditHref } from './admin-sections.ts'
import { ListPager } from './list-pager.tsx'
import { LoadFailure } from './load-failure.tsx'

const STATUSES: AbsenceReportStatus[] = ['open', 'accepted', 'dismissed']
const readStatus = (params: URLSearchParams): AbsenceReportStatus =>
  STATUSES.find((status) => status === params.get('status')) ?? 'open'

/** The console's Absence reports: the queue, each claim with the room's attendance; accept or dismiss. */
export function AbsenceScreen() {
  const { t } = useLingui()
  const [params, setParams] = useSearchParams()
  const status = readStatus(params)
  const page = pageFrom(params)
  const reports = useAbsenceReports(status, page)
  const [deciding, setDeciding] = useState<{
    report: AdminAbsenceReport
    decision: 'accept' | 'dismiss'
  } | null>(null)
  const [done, setDone] = useState<AbsenceResolution | null>(null)
  const go = (next: AbsenceReportStatus, nextPage = 1) => {
    const query = new URLSearchParams()
    if (next !== 'open') query.set('status', next)
    if (nextPage > 1) query.set('page', String(nextPage))
    setParams(query)
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Zgłoszenia nieobecności</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>
            Uznanie zgłoszenia ostrzega lub blokuje kursanta, a lektorowi nalicza karę. Obie strony dostają
            e-mail. Czas polski.
          </Trans>
        </Text>
      </div>
      <SegmentedControl
        aria-label={t`Które zgłoszenia`}
        value={status}
        onChange={(value) => go(STATUSES.find((s) => s === value) ?? 'open')}
        data={[
          { value: 'open', label: t`Do decyzji` },
          { value: 'accepted', label: t`Uznane` },
          { value: 'dismissed', label: t`Odrzucone` },
        ]}
        fullWidth
        maw={480}
      />
      {done && <ResolutionNotice resolution={done} onClose={() => setDone(null)} />}
      {reports.data ? (
        <Stack
          gap="sm"
          aria-busy={reports.isFetching}
          style={{ opacity: reports.isPlaceholderData ? 0.6 : 1 }}
        >
          {reports.data.reports.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" role="status">
              {status === 'open' ? (
                <Trans>Żadne zgłoszenie nie czeka na decyzję.</Trans>
              ) : (
                <Trans>Brak zgłoszeń.</Trans>
              )}
            </Text>
          ) : (
            reports.data.reports.map((report) => (
              <AbsenceReportCard
                key={report.id}
                report={report}
                onDecide={(decision) => setDeciding({ report, decision })}
              />
            ))
          )}
          <ListPager
            page={page}
            hasMore={reports.data.has_more}
            label={t`Strony zgłoszeń`}
            onPage={(next) => go(status, next)}
          />
        </Stack>
      ) : reports.isError ? (
        <LoadFailure
          error={reports.error}
          retrying={reports.isFetching}
          onRetry={() => void reports.refetch()}
        />
      ) : (
        <PageLoader label={<Trans>Wczytujemy zgłoszenia…</Trans>} />
      )}
      {deciding && (
        <AbsenceResolveDialog
          report={deciding.report}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onResolved={(resolution) => {
            setDeciding(null)
            setDone(resolution)
          }}
        />
      )}
    </Stack>
  )
}

/** What the decision did (product-rules.md "Absence reports") and whether both parties' e-mails went out. */
function ResolutionNotice({ resolution, onClose }: { resolution: AbsenceResolution; onClose: () => void }) {
  const { t } = useLingui()
  const { report, consequence, mail_sent } = resolution
  const absentee = personName(report.absentee)
  const until = resolution.banned_until ? polandDateTime(resolution.banned_until) : ''
  return (
    <Alert
      color={report.status === 'accepted' ? 'orange' : 'green'}
      variant="light"
      role="status"
      withCloseButton
      closeButtonLabel={t`Zamknij`}
      onClose={onClose}
    >
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {consequence === 'banned' ? (
            <Trans>
              Zgłoszenie uznane. Kursant {absentee}: konto zablokowane do {until}.
            </Trans>
          ) : consequence === 'warned' ? (
            <Trans>Zgłoszenie uznane. Kursant {absentee}: ostrzeżenie.</Trans>
          ) : consequence === 'penalty' ? (
            <Trans>Zgłoszenie uznane. Lektor {absentee}: kara za nieobecność.</Trans>
          ) : (
            <Trans>Zgłoszenie odrzucone. {absentee} nie dostaje kary.</Trans>
          )}
        </Text>
        <Text size="sm">
          {mail_sent.reporter && mail_sent.absentee ? (
            <Trans>Obie strony dostały e-mail z decyzją.</Trans>
          ) : (
            <Trans>Nie wszystkie e-maile udało się wysłać: daj znać stronom inną drogą.</Trans>
          )}
        </Text>
        <Anchor
          component={Link}
          to={auditHref({ target_type: 'absence_report', target_id: report.id })}
          size="sm"
        >
          <Trans>Zobacz w dzienniku zmian</Trans>
        </Anchor>
      </Stack>
    </Alert>
  )
}
