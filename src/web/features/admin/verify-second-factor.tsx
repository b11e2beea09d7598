import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useVerifySecondFactor } from '../../api/admin.ts'
import { messageNode } from '../../ui/message.tsx'
import { CODE_PATTERN, cleanCode, codeErrorMessage, codeFormatMessage } from './code-errors.ts'
import { CodeField } from './code-field.tsx'
import { SecondFactorFrame } from './second-factor-frame.tsx'

/** Each sign-in of an operator: a code of the app, or one of the recovery codes. */
export function VerifySecondFactor({ email }: { email: string }) {
  const { t } = useLingui()
  const verify = useVerifySecondFactor()
  const [recovery, setRecovery] = useState(false)
  const [value, setValue] = useState('')
  const [formatError, setFormatError] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (recovery) {
      const typed = value.trim()
      setFormatError(false)
      if (typed !== '') verify.mutate({ recovery_code: typed })
      return
    }
    const typed = cleanCode(value)
    setFormatError(!CODE_PATTERN.test(typed))
    if (CODE_PATTERN.test(typed)) verify.mutate({ code: typed })
  }
  const switchMode = () => {
    setRecovery(!recovery)
    setValue('')
    setFormatError(false)
    verify.reset()
  }
  const error = formatError
    ? codeFormatMessage
    : verify.error
      ? codeErrorMessage(verify.error, recovery ? 'recovery_code' : 'code')
      : null

  return (
    <SecondFactorFrame title={t`Potwierdź, że to Ty`} email={email}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>
            {recovery ? (
              <Trans>Wpisz jeden z kodów odzyskiwania zapisanych przy konfiguracji. Każdy działa raz.</Trans>
            ) : (
              <Trans>Wpisz kod, który aplikacja uwierzytelniająca pokazuje teraz dla Lektorium.</Trans>
            )}
          </Text>
          <CodeField
            key={recovery ? 'recovery' : 'code'}
            value={value}
            onChange={setValue}
            error={messageNode(error)}
            recovery={recovery}
          />
          <Button type="submit" loading={verify.isPending}>
            <Trans>Zaloguj się</Trans>
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={switchMode}>
            {recovery ? (
              <Trans>Użyj kodu z aplikacji</Trans>
            ) : (
              <Trans>Nie mam dostępu do aplikacji – użyj kodu odzyskiwania</Trans>
            )}
          </Anchor>
        </Stack>
      </form>
    </SecondFactorFrame>
  )
}
