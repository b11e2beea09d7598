import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { TEXT_LIMIT } from '../../../domain/constants.ts'
import {
  type AbsenceResolution,
  type AdminAbsenceReport,
  useResolveAbsenceReport,
} from '../../api/admin-absence.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage } from '../../api/error-messages.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { personName } from './admin-format.ts'

type Props = {
  report: AdminAbsenceReport
  decision: 'accept' | 'dismiss' | null
  onClose: () => void
  onResolved: (resolution: AbsenceResolution) => void
}

/**
 * What accepting will do to the absentee (product-rules.md "Warning and ban", "Teacher penalties"):
 * a student's warning, then a ban; a teacher's penalty.
 */
function AcceptConsequence({ report }: { report: AdminAbsenceReport }) {
  const absentee = personName(report.absentee)
  if (report.absentee.role === 'teacher')
    return (
      <Trans>
        Lektor {absentee} dostanie karę finansową za nieobecność. Obie strony dostaną e-mail z decyzją.
      </Trans>
    )
  if (report.absentee.warned_at)
    return (
      <Trans>
        Kursant {absentee} ma już ostrzeżenie, więc konto zostanie zablokowane na czas z ustawień i wylogowane
        ze wszystkich urządzeń. Obie strony dostaną e-mail z decyzją.
      </Trans>
    )
  return (
    <Trans>
      Kursant {absentee} dostanie ostrzeżenie; kolejna nieobecność lub późne odwołanie zablokuje konto. Obie
      strony dostaną e-mail z decyzją.
    </Trans>
  )
}

/** The school's decision on one claim, with a note; the server's refusal stays in the dialog. */
export function AbsenceResolveDialog({ report, decision, onClose, onResolved }: Props) {
  const { t } = useLingui()
  const resolve = useResolveAbsenceReport()
  const [note, setNote] = useState('')
  const error = resolve.error instanceof ApiError ? resolve.error : null
  // The service explains a refusal on a field (already resolved; accepting on a cancelled lesson).
  const fieldError = error?.fieldErrors[0]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!decision) return
    resolve.mutate({ report_id: report.id, decision, note: note.trim() }, { onSuccess: onResolved })
  }
  const close = () => {
    if (resolve.isPending) return
    resolve.reset()
    setNote('')
    onClose()
  }
  const accept = decision === 'accept'

  return (
    <AppDialog
      opened={decision !== null}
      onClose={close}
      title={accept ? t`Uznać zgłoszenie nieobecności?` : t`Odrzucić zgłoszenie nieobecności?`}
      closeDisabled={resolve.isPending}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Alert color={accept ? 'red' : 'blue'} variant="light" role="note">
            {accept ? (
              <AcceptConsequence report={report} />
            ) : (
              <Trans>
                Nieobecna osoba nie dostanie kary ani ostrzeżenia. Obie strony dostaną e-mail z decyzją.
              </Trans>
            )}
          </Alert>
          <Textarea
            label={t`Notatka (opcjonalnie)`}
            description={t`Trafi do dziennika zmian i do wiadomości dla obu stron.`}
            rows={3}
            maxLength={TEXT_LIMIT}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            data-autofocus
          />
          {error && (
            <FormError>
              {fieldError ? (
                <ResolveProblem message={fieldError.message} />
              ) : (
                <Message of={apiErrorMessage(error)} />
              )}
            </FormError>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={resolve.isPending}>
              <Trans>Wróć</Trans>
            </Button>
            <Button type="submit" color={accept ? 'red' : 'gray'} loading={resolve.isPending}>
              {accept ? <Trans>Uznaj zgłoszenie</Trans> : <Trans>Odrzuć zgłoszenie</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  )
}

/** The service's sentence (absence-service.ts, shared with the CLI, so English) in the screen's words. */
function ResolveProblem({ message }: { message: string }) {
  if (message.includes('already been resolved'))
    return <Trans>To zgłoszenie zostało już rozpatrzone (być może w innej karcie). Odśwież listę.</Trans>
  if (message.includes('was cancelled'))
    return <Trans>Lekcja została odwołana, więc zgłoszenia nie można uznać. Odrzuć je.</Trans>
  return <Text span>{message}</Text>
}
