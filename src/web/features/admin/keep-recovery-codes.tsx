import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Stack, Text } from '@mantine/core'
import { useFinishEnrolment, useRenewRecoveryCodes } from '../../api/admin.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { RecoveryCodes } from './recovery-codes.tsx'
import { SecondFactorFrame } from './second-factor-frame.tsx'

/**
 * A session that passed the second factor but was reloaded (or closed) before the operator said the
 * recovery codes are kept: the console stays closed until they are. New codes replace the unseen
 * ones, or the operator says the codes shown before are kept.
 */
export function KeepRecoveryCodes({ email }: { email: string }) {
  const { t } = useLingui()
  const renew = useRenewRecoveryCodes()
  const finish = useFinishEnrolment()
  if (renew.data) return <RecoveryCodes email={email} codes={renew.data} />
  const error = renew.error ?? finish.error
  return (
    <SecondFactorFrame title={t`Zapisz kody odzyskiwania`} email={email}>
      <Text>
        <Trans>
          Konsola otworzy się, gdy potwierdzisz, że kody odzyskiwania są zapisane. Jeśli nie masz kodów
          pokazanych po włączeniu drugiego składnika, pokażemy nowe, a poprzednie przestaną działać.
        </Trans>
      </Text>
      {error && (
        <FormError>
          <Message of={error instanceof ApiError ? apiErrorMessage(error) : codeMessage('server_error')} />
        </FormError>
      )}
      <Stack gap="sm">
        <Button onClick={() => renew.mutate()} loading={renew.isPending} disabled={finish.isPending}>
          <Trans>Pokaż nowe kody</Trans>
        </Button>
        <Button
          variant="default"
          onClick={() => finish.mutate()}
          loading={finish.isPending}
          disabled={renew.isPending}
        >
          <Trans>Mam zapisane poprzednie kody</Trans>
        </Button>
      </Stack>
    </SecondFactorFrame>
  )
}
