import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { useState } from 'react'
import { CSV_COLUMNS } from '../../../domain/api/admin-students.ts'
import { type CsvRow, usePreviewCsv, useResendInvitation, useSendCsv } from '../../api/admin-students.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { CSV_MAX_BYTES, type CsvFileText, formatKilobytes, readCsvFile } from './csv-file.ts'
import { ProblemText } from './problem-text.tsx'
import { studentProblem } from './student-problems.ts'

/**
 * Many students from a CSV file (a header row, then e-mail, access flags, active until, company,
 * locale). A preview shows each row's problems before anything is sent; sending invites the valid
 * rows only and says what happened to each.
 */
export function StudentCsvDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui()
  const preview = usePreviewCsv()
  const send = useSendCsv()
  const [csv, setCsv] = useState('')
  const [file, setFile] = useState<{ name: string; read: CsvFileText } | null>(null)
  const problem = studentProblem(preview.error ?? send.error)
  const busy = preview.isPending || send.isPending
  const close = () => {
    if (!busy) onClose()
  }
  const choose = async (chosen: File | null) => {
    if (!chosen) return
    const read = await readCsvFile(chosen)
    setFile({ name: chosen.name, read })
    // A refused file leaves the text as it was: nothing of it is half read.
    if (read.ok) setCsv(read.text)
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
        <Group gap="sm" wrap="wrap">
          <FileButton accept=".csv,text/csv,text/plain" onChange={(chosen) => void choose(chosen)}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                disabled={busy}
              >
                <Trans>Wybierz plik CSV</Trans>
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            <Trans>UTF-8 lub Windows-1250 (Excel), do {formatKilobytes(CSV_MAX_BYTES, i18n.locale)}</Trans>
          </Text>
        </Group>
        {file && <ChosenFile name={file.name} read={file.read} />}
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

/** What was made of the chosen file: read (and how), or refused and why. */
function ChosenFile({ name: filename, read }: { name: string; read: CsvFileText }) {
  const { i18n } = useLingui()
  if (read.ok) {
    return (
      <Text size="sm" role="status" style={{ overflowWrap: 'anywhere' }}>
        {read.encoding === 'utf-8' ? (
          <Trans>Wczytano plik {filename} (UTF-8).</Trans>
        ) : (
          <Trans>Wczytano plik {filename} (Windows-1250, zapis Excela).</Trans>
        )}
      </Text>
    )
  }
  const size = read.reason === 'too_large' ? formatKilobytes(read.size, i18n.locale) : ''
  const limit = formatKilobytes(CSV_MAX_BYTES, i18n.locale)
  return (
    <FormError>
      {read.reason === 'too_large' ? (
        <Trans>
          Plik {filename} ma {size}, a najwięcej można wczytać {limit}. Podziel go na mniejsze pliki.
        </Trans>
      ) : (
        <Trans>
          Nie udało się odczytać polskich liter w pliku {filename}. Zapisz go w Excelu jako „CSV UTF-8
          (rozdzielany przecinkami)” i wybierz ponownie.
        </Trans>
      )}
    </FormError>
  )
}

/**
 * Each row as a small card: its line and e-mail, and under them its problems or its outcome, so a
 * row reads whole on a phone, with nothing off to the side.
 */
function CsvRows({ rows }: { rows: (CsvRow & { outcome?: string })[] }) {
  const { t, i18n } = useLingui()
  const outcome = (row: { outcome?: string }) =>
    row.outcome === 'invited'
      ? t`zaproszenie wysłane`
      : row.outcome === 'mail_failed'
        ? t`e-mail nie doszedł`
        : row.outcome === 'not_sent'
          ? t`nie wysłano`
          : null
  return (
    <Stack
      gap={6}
      component="ol"
      aria-label={t`Wiersze pliku`}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {rows.map((row) => {
        const line = row.line
        const bad = row.problems.length > 0
        return (
          <Paper key={row.line} component="li" withBorder radius="sm" px="sm" py={6}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              <Trans>Wiersz {line}:</Trans> {row.email || '—'}
            </Text>
            {bad ? (
              row.problems.map((p) => (
                <Text key={`${p.field}-${p.code}`} size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                  {/* A problem of the whole row (its number of columns) names no column. */}
                  {p.field === 'row'
                    ? i18n._(csvProblemText(p.code))
                    : `${p.field}: ${i18n._(csvProblemText(p.code))}`}
                </Text>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                {outcome(row) ?? t`gotowy do wysłania`}
              </Text>
            )}
            {row.student_id && <ResendInvitation studentId={row.student_id} />}
          </Paper>
        )
      })}
    </Stack>
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
      mt={4}
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
      return msg`zaproszenie utworzone wcześniej, e-mail z nim jeszcze nie wyszedł`
    case 'already_invited':
      return msg`zaproszenie wysłane wcześniej, hasło jeszcze nieustawione`
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
