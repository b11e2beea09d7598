import '@mantine/core/styles/List.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, List, Stack, Text } from '@mantine/core'
import { IconKey } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useConfirmEnrolment, useEnrolment } from '../../api/admin.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message, messageNode } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import {
  CODE_PATTERN,
  cleanCode,
  codeErrorMessage,
  codeFormatMessage,
  wrongCodeMessage,
  wrongFirstCodeMessage,
} from './code-errors.ts'
import { CodeField } from './code-field.tsx'
import { QrCode } from './qr-code.tsx'
import { RecoveryCodes } from './recovery-codes.tsx'
import { SecondFactorFrame } from './second-factor-frame.tsx'
import { SecretKey } from './secret-key.tsx'

/**
 * The first sign-in of an operator: a time-based second factor is added to an authenticator app (its
 * QR code, or its key typed or copied, or its otpauth:// link on a phone), confirmed with a first
 * code, and the one-time recovery codes are shown once.
 */
export function EnrolSecondFactor({ email }: { email: string }) {
  const { t } = useLingui()
  const enrolment = useEnrolment()
  const confirm = useConfirmEnrolment()
  const [code, setCode] = useState('')
  const [formatError, setFormatError] = useState(false)

  if (confirm.data) return <RecoveryCodes email={email} codes={confirm.data} />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = cleanCode(code)
    setFormatError(!CODE_PATTERN.test(typed))
    if (CODE_PATTERN.test(typed)) confirm.mutate(typed)
  }
  const refused = confirm.error ? codeErrorMessage(confirm.error, 'code') : null
  // The first code of a new key: a wrong one is most often the phone's clock or a mistyped key.
  const codeError = formatError
    ? codeFormatMessage
    : refused === wrongCodeMessage
      ? wrongFirstCodeMessage
      : refused

  return (
    <SecondFactorFrame title={t`Zabezpiecz konto drugim składnikiem`} email={email}>
      {enrolment.data ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text>
              <Trans>
                Konsola szkoły wymaga przy każdym logowaniu kodu z aplikacji uwierzytelniającej. Ustaw ją
                teraz:
              </Trans>
            </Text>
            <List type="ordered" spacing="sm">
              <List.Item>
                <Trans>
                  Otwórz aplikację uwierzytelniającą (np. Google Authenticator, Microsoft Authenticator,
                  1Password) i dodaj nowe konto.
                </Trans>
              </List.Item>
              <List.Item>
                <Stack gap="sm">
                  <Text>
                    <Trans>Zeskanuj ten kod QR aparatem w aplikacji:</Trans>
                  </Text>
                  <QrCode
                    value={enrolment.data.otpauth_uri}
                    label={t`Kod QR klucza drugiego składnika dla ${email}`}
                  />
                  <Text size="sm">
                    <Trans>Nie możesz zeskanować? Wpisz ten klucz ręcznie (rodzaj: oparty na czasie):</Trans>
                  </Text>
                  <SecretKey secret={enrolment.data.secret} />
                  <Anchor href={enrolment.data.otpauth_uri} size="sm">
                    <IconKey size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
                    <Trans>albo otwórz klucz w aplikacji na tym urządzeniu</Trans>
                  </Anchor>
                </Stack>
              </List.Item>
              <List.Item>
                <Trans>Wpisz kod, który aplikacja pokazuje dla Lektorium.</Trans>
              </List.Item>
            </List>
            <CodeField value={code} onChange={setCode} error={messageNode(codeError)} />
            <Button type="submit" loading={confirm.isPending}>
              <Trans>Potwierdź kod</Trans>
            </Button>
          </Stack>
        </form>
      ) : enrolment.isError ? (
        <Stack>
          <FormError>
            <Message
              of={
                enrolment.error instanceof ApiError
                  ? apiErrorMessage(enrolment.error)
                  : codeMessage('server_error')
              }
            />
          </FormError>
          <Button variant="default" onClick={() => void enrolment.refetch()} loading={enrolment.isFetching}>
            <Trans>Spróbuj ponownie</Trans>
          </Button>
        </Stack>
      ) : (
        <PageLoader label={<Trans>Przygotowujemy klucz…</Trans>} />
      )}
    </SecondFactorFrame>
  )
}
