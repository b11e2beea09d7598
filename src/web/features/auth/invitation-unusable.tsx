import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router-dom'
import { paths } from '../../config/paths.ts'
import { AuthCard } from '../../ui/auth-card.tsx'
import { FormError } from '../../ui/form-error.tsx'

/** Why accept_invitation refused the link (its `params.reason`; none: unknown or replaced). */
export type InvitationRefusal = 'used' | 'expired' | 'invalid'

export const refusalOf = (reason: string | undefined): InvitationRefusal =>
  reason === 'used' || reason === 'expired' ? reason : 'invalid'

/**
 * A link that no longer works says why and what to do next — sign in, reset the password, or ask
 * the school for a new invitation — never only "just sign in".
 */
export function InvitationUnusable({ refusal }: { refusal: InvitationRefusal }) {
  const { t } = useLingui()
  return (
    <AuthCard title={t`Zaproszenie`}>
      <Stack gap="md">
        <FormError>
          {refusal === 'used' ? (
            <Trans>To zaproszenie zostało już wykorzystane: hasło do konta jest ustawione.</Trans>
          ) : refusal === 'expired' ? (
            <Trans>To zaproszenie wygasło: link jest ważny przez 7 dni.</Trans>
          ) : (
            <Trans>Ten link aktywacyjny jest nieprawidłowy albo zastąpiło go nowsze zaproszenie.</Trans>
          )}
        </FormError>
        <Text size="sm">
          {refusal === 'used' ? (
            <Trans>Zaloguj się swoim e-mailem i hasłem. Jeśli nie pamiętasz hasła, ustaw nowe.</Trans>
          ) : refusal === 'expired' ? (
            <Trans>
              Poproś szkołę o nowe zaproszenie. Jeśli hasło jest już ustawione, zaloguj się albo ustaw nowe
              hasło.
            </Trans>
          ) : (
            <Trans>
              Otwórz link z najnowszego e-maila od szkoły albo poproś o nowe zaproszenie. Jeśli hasło jest już
              ustawione, zaloguj się albo ustaw nowe hasło.
            </Trans>
          )}
        </Text>
        <Group gap="lg">
          <Anchor component={Link} to={paths.login} size="sm">
            <Trans>Przejdź do logowania</Trans>
          </Anchor>
          <Anchor component={Link} to={paths.passwordReset} size="sm">
            <Trans>Zresetuj hasło</Trans>
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  )
}
