import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import {
  type OperatorSettings,
  type SettingsChanges,
  useAdminSettings,
  useUpdateAdminSettings,
} from '../../api/admin-settings.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { auditHref } from './admin-sections.ts'
import { rangeText, type SettingKey, settingFields, settingValue, unitLabel } from './setting-fields.ts'

type Values = Record<SettingKey, string>

const asText = (saved: OperatorSettings): Values => ({
  ban_duration: String(saved.ban_duration),
  cancellation_earliness: String(saved.cancellation_earliness),
  lesson_earliness_condition: String(saved.lesson_earliness_condition),
  first_reminder_minutes: String(saved.first_reminder_minutes),
  second_reminder_minutes: String(saved.second_reminder_minutes),
  recording_lesson_max_mb: String(saved.recording_lesson_max_mb),
  recording_day_max_mb: String(saved.recording_day_max_mb),
  sms_daily_user_max: String(saved.sms_daily_user_max),
  sms_daily_school_max: String(saved.sms_daily_school_max),
  recap_daily_max: String(saved.recap_daily_max),
  recap_publish_after_hours: String(saved.recap_publish_after_hours),
})

/**
 * The Settings (product-rules.md "Records and fields"): the booking and cancellation rules and the
 * reminders, with units and ranges.
 */
export function SettingsScreen() {
  const settings = useAdminSettings()
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} size="h2">
          <Trans>Ustawienia</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>
            Zasady rezerwacji i odwołań, przypomnienia i miejsce na nagrania. Każda zmiana trafia do dziennika
            zmian.
          </Trans>
        </Text>
      </div>
      {settings.data ? (
        <SettingsForm saved={settings.data} />
      ) : settings.isError ? (
        <Stack align="flex-start">
          <FormError>
            <Message
              of={
                settings.error instanceof ApiError
                  ? apiErrorMessage(settings.error)
                  : codeMessage('server_error')
              }
            />
          </FormError>
          <Button variant="default" onClick={() => void settings.refetch()} loading={settings.isFetching}>
            <Trans>Spróbuj ponownie</Trans>
          </Button>
        </Stack>
      ) : (
        <PageLoader label={<Trans>Wczytujemy ustawienia…</Trans>} />
      )}
    </Stack>
  )
}

function SettingsForm({ saved }: { saved: OperatorSettings }) {
  const { t, i18n } = useLingui()
  const update = useUpdateAdminSettings()
  const [done, setDone] = useState(false)
  const form = useForm<Values>({
    initialValues: asText(saved),
    validate: Object.fromEntries(
      settingFields.map((field) => [
        field.key,
        (value: string) => (settingValue(field, value) === null ? i18n._(rangeText(field)) : null),
      ]),
    ),
  })
  const { setInitialValues, setValues, resetDirty } = form
  // A save (here or in another tab) becomes the form's new starting point.
  useEffect(() => {
    const values = asText(saved)
    setInitialValues(values)
    setValues(values)
    resetDirty(values)
  }, [saved, setInitialValues, setValues, resetDirty])

  const submit = form.onSubmit((values) => {
    setDone(false)
    const changes: SettingsChanges = {}
    for (const field of settingFields) {
      const value = settingValue(field, values[field.key])
      if (value !== null && value !== saved[field.key]) changes[field.key] = value
    }
    update.mutate(changes, {
      onSuccess: () => setDone(true),
      onError: (error) => {
        // The server's field errors (its own range check) go on the fields, in the screen's words.
        if (!(error instanceof ApiError)) return
        for (const fieldError of error.fieldErrors) {
          const field = settingFields.find((f) => f.key === fieldError.field)
          if (field) form.setFieldError(field.key, i18n._(rangeText(field)))
        }
      },
    })
  })
  const failure =
    update.error instanceof ApiError && update.error.fieldErrors.length === 0
      ? apiErrorMessage(update.error)
      : null

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {settingFields.map((field) => (
            <TextInput
              key={field.key}
              label={i18n._(field.label)}
              description={`${i18n._(field.description)} ${i18n._(rangeText(field))}.`}
              rightSection={
                <Text size="sm" c="dimmed" pr="xs">
                  {i18n._(unitLabel[field.unit])}
                </Text>
              }
              rightSectionWidth={64}
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps(field.key)}
            />
          ))}
          {failure && (
            <FormError>
              <Message of={failure} />
            </FormError>
          )}
          {done && !form.isDirty() && (
            <Alert color="green" variant="light" role="status">
              <Trans>
                Zapisano.{' '}
                <Anchor component={Link} to={auditHref({ action: 'settings.update' })}>
                  Zobacz zmianę w dzienniku
                </Anchor>
              </Trans>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!form.isDirty() || update.isPending}
              onClick={() => form.reset()}
            >
              <Trans>Przywróć</Trans>
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {t`Zapisz zmiany`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
