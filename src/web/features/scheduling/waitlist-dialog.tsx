import '@mantine/core/styles/Chip.css'
import '@mantine/core/styles/Switch.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Chip, Group, Stack, Switch, Text } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { type WaitlistEntry, WEEKDAYS } from '../../../domain/api/waitlist.ts'
import { ApiError } from '../../api/api-error.ts'
import { inlineErrorMessage } from '../../api/error-messages.ts'
import { useJoinWaitlist } from '../../api/waitlist.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { TimePicker } from '../../ui/time-picker.tsx'
import { weekdayName } from './waitlist-texts.ts'

type Props = {
  opened: boolean
  onClose: () => void
  teacherId: string
  teacherName: string
  /** The student's wait for this teacher, when there is one: the dialog changes it. */
  entry: WaitlistEntry | undefined
  onSaved: (entry: WaitlistEntry) => void
}

/**
 * Wait for a slot of this teacher, on any day or only some, at any time or between two times
 * (Poland time, 15-minute steps between 06:00 and 23:00, product-rules.md "Constants and limits").
 */
export function WaitlistDialog({ opened, onClose, teacherId, teacherName, entry, onSaved }: Props) {
  const { t, i18n } = useLingui()
  const join = useJoinWaitlist()
  const [days, setDays] = useState<string[]>(entry?.weekdays.map(String) ?? [])
  const [someHours, setSomeHours] = useState(entry?.from != null)
  const [from, setFrom] = useState(entry?.from ?? '16:00')
  const [to, setTo] = useState(entry?.to ?? '20:00')
  const [missing, setMissing] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (someHours && (from === '' || to === '' || to <= from)) {
      setMissing(true)
      return
    }
    setMissing(false)
    join.mutate(
      {
        teacher_id: teacherId,
        weekdays: WEEKDAYS.filter((day) => days.includes(String(day))),
        from: someHours ? from : null,
        to: someHours ? to : null,
      },
      { onSuccess: onSaved },
    )
  }
  const error = join.error instanceof ApiError ? inlineErrorMessage(join.error) : null
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Powiadom mnie o wolnym terminie`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              Gdy u lektora: {teacherName} zwolni się pasujący termin, dostaniesz powiadomienie i e-mail.
              Termin nie jest dla Ciebie zarezerwowany: dostanie go pierwsza osoba, która go zarezerwuje.
            </Trans>
          </Text>
          <Stack gap={6}>
            <Text fw={600} size="sm" id="waitlist-days">
              <Trans>Dni (bez wyboru: każdy dzień)</Trans>
            </Text>
            <Chip.Group multiple value={days} onChange={setDays}>
              <Group gap={6} role="group" aria-labelledby="waitlist-days">
                {WEEKDAYS.map((day) => (
                  <Chip
                    key={day}
                    value={String(day)}
                    size="sm"
                    aria-label={weekdayName(i18n.locale, day, 'long')}
                  >
                    {weekdayName(i18n.locale, day)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Switch
            label={t`Tylko w wybranych godzinach`}
            description={t`Czas polski`}
            checked={someHours}
            onChange={(event) => setSomeHours(event.currentTarget.checked)}
          />
          {someHours && (
            <Group grow align="flex-start">
              <TimePicker label={t`Od`} value={from} onChange={setFrom} />
              <TimePicker
                label={t`Do`}
                value={to}
                onChange={setTo}
                after={from || undefined}
                error={missing ? t`Podaj godzinę późniejszą niż początek` : undefined}
              />
            </Group>
          )}
          {error && <FormError>{i18n._(error)}</FormError>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Anuluj</Trans>
            </Button>
            <Button type="submit" loading={join.isPending}>
              {entry ? t`Zapisz` : t`Powiadom mnie`}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  )
}
