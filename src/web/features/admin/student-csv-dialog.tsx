import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Table.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core'
import { type ChangeEvent, useState } from 'react'
import { CSV_COLUMNS, CSV_MAX_CHARS } from '../../../domain/api/admin-students.ts'
import { type CsvRow, usePreviewCsv, useResendInvitation, useSendCsv } from '../../api/admin-students.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { ProblemText } from './problem-text.tsx'
import { studentProblem } from './student-problems.ts'

/**
 * Many students from a CSV file (a header row, then e-mail, access flags, active until, company,
 * locale). A preview shows each row's problems before anything is sent; sending invites the valid
 * rows only and says what happened to each.
 */
export function StudentCsvDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const preview = usePreviewCsv()
  const send = useSendCsv()
  const [csv, setCsv] = useState('')
  const problem = studentProblem(preview.error ?? send.error)
  const busy = preview.isPending || send.isPending
  const close = () => {
    if (!busy) onClose()
  }
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    if (!file) return
    setCsv((await file.text()).slice(0, CSV_MAX_CHARS))
    preview.reset()
    send.reset()
  }
  const rows: (CsvRow & { outcome?: string })[] = send.data?.rows ?? preview.data?.rows ?? []

  return (
    <AppDialog opened onClose={close} title={t`Zaproś kursantów z pliku CSV`} variant="shared">
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            Kolumny w pierwszym wierszu: {CSV_COLUMNS.join(', ')}. Flagi: tak/nie, daty: RRRR-MM-DD.
          </Trans>
        </Text>
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-label={t`Plik CSV`}
          onChange={(e) => void choose(e)}
        />
        <Textarea
          label={t`Zawartość pliku`}
          value={csv}
          onChange={(event) => {
            setCsv(event.currentTarget.value)
            preview.reset()
            send.reset()
          }}
          rows={5}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {problem && (
          <FormError>
            <ProblemText problem={problem.message} />
          </FormError>
        )}
        {preview.data && !send.data && (
          <Alert color={preview.data.invalid > 0 ? 'yellow' : 'green'} variant="light" role="status">
            <Trans>
              Wierszy: {preview.data.total}; do wysłania: {preview.data.valid}; z problemami (nie zostaną
              wysłane): {preview.data.invalid}.
            </Trans>
          </Alert>
        )}
        {send.data && (
          <Alert color={send.data.mail_failed > 0 ? 'yellow' : 'green'} variant="light" role="status">
            <Trans>
              Zaproszonych: {send.data.invited}; niewysłanych: {send.data.not_sent}; e-mail nie doszedł:{' '}
              {send.data.mail_failed}.
            </Trans>
          </Alert>
        )}
        {rows.length > 0 && <CsvRows rows={rows} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            {send.data ? <Trans>Zamknij</Trans> : <Trans>Anuluj</Trans>}
          </Button>
          {!send.data && (
            <Button
              variant="default"
              onClick={() => preview.mutate(csv)}
              loading={preview.isPending}
              disabled={csv.trim() === '' || send.isPending}
            >
              <Trans>Sprawdź</Trans>
            </Button>
          )}
          {preview.data && !send.data && preview.data.valid > 0 && (
            <Button onClick={() => send.mutate(csv)} loading={send.isPending}>
              {plural(preview.data.valid, {
                one: 'Wyślij # zaproszenie',
                few: 'Wyślij # zaproszenia',
                many: 'Wyślij # zaproszeń',
                other: 'Wyślij # zaproszenia',
              })}
            </Button>
          )}
        </Group>
      </Stack>
    </AppDialog>
  )
}

function CsvRows({ rows }: { rows: (CsvRow & { outcome?: string })[] }) {
  const { t, i18n } = useLingui()
  const outcome = (row: { outcome?: string }) =>
    row.outcome === 'invited'
      ? t`zaproszony`
      : row.outcome === 'mail_failed'
        ? t`e-mail nie doszedł`
        : row.outcome === 'not_sent'
          ? t`nie wysłano`
          : null
  return (
    <Table.ScrollContainer minWidth={320} mah={320}>
      <Table fz="sm" withTableBorder verticalSpacing={4} aria-label={t`Wiersze pliku`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Wiersz</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>E-mail</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Wynik</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line} c={row.problems.length > 0 ? 'red' : undefined}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{row.email || '—'}</Table.Td>
              <Table.Td>
                {row.problems.length > 0
                  ? row.problems.map((p) => `${p.field}: ${i18n._(csvProblemText(p.code))}`).join('; ')
                  : (outcome(row) ?? t`gotowy do wysłania`)}
                {row.student_id && <ResendInvitation studentId={row.student_id} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** "Send again" for a row's student invited before whose invitation e-mail has not gone out. */
function ResendInvitation({ studentId }: { studentId: string }) {
  const resend = useResendInvitation()
  if (resend.data)
    return (
      <Text size="sm" c={resend.data.mail_sent ? 'green' : 'yellow'}>
        {resend.data.mail_sent ? (
          <Trans>zaproszenie wysłane</Trans>
        ) : (
          <Trans>e-mail jeszcze nie wyszedł; serwer spróbuje ponownie sam</Trans>
        )}
      </Text>
    )
  return (
    <Button
      size="compact-xs"
      variant="default"
      ml="xs"
      loading={resend.isPending}
      onClick={() => resend.mutate({ student_id: studentId })}
    >
      <Trans>Wyślij zaproszenie ponownie</Trans>
    </Button>
  )
}

/** A row's problem (domain CSV_PROBLEMS) in the screen's words. */
function csvProblemText(code: CsvRow['problems'][number]['code']): MessageDescriptor {
  switch (code) {
    case 'email_invalid':
      return msg`nieprawidłowy e-mail`
    case 'email_duplicate':
      return msg`ten e-mail jest w pliku więcej niż raz`
    case 'email_taken':
      return msg`ten e-mail ma już konto`
    case 'invitation_pending':
      return msg`kursant już zaproszony, e-mail z zaproszeniem jeszcze nie wyszedł`
    case 'already_invited':
      return msg`kursant już zaproszony (nie ustawił jeszcze hasła)`
    case 'date_invalid':
      return msg`nieprawidłowa data (RRRR-MM-DD)`
    case 'date_past':
      return msg`data już minęła`
    case 'flag_invalid':
      return msg`wpisz tak albo nie`
    case 'locale_invalid':
      return msg`język: pl albo en`
    case 'company_too_long':
      return msg`za długa nazwa firmy`
    case 'company_single_line':
      return msg`nazwa firmy w jednej linii, bez tabulatorów`
    case 'columns':
      return msg`zła liczba kolumn`
  }
}
