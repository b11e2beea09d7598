import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import { Link } from 'react-router-dom'
import { useLogout } from '../../api/auth.ts'
import { useSession } from '../../api/session.ts'
import { AuthCard } from '../../ui/auth-card.tsx'

/**
 * /registration. The registration steps (spec §2) come in a later version; until then this
 * screen says so honestly and lets the user log out.
 */
export function RegistrationScreen() {
  const { t } = useLingui()
  const session = useSession()
  const logout = useLogout()
  const email = session?.email ?? ''
  return (
    <AuthCard title={t`Rejestracja`} logoTo="/login/teacher">
      <Stack gap="md">
        <Text>
          <Trans>Formularz rejestracji udostępnimy w jednej z kolejnych wersji Lektorium.</Trans>
        </Text>
        {session ? (
          <>
            <Text c="dimmed" size="sm">
              <Trans>Konto {email} jest aktywne. Rejestrację dokończysz, gdy formularz będzie gotowy.</Trans>
            </Text>
            <Button variant="default" fullWidth onClick={() => void logout()}>
              <Trans>Wyloguj się</Trans>
            </Button>
          </>
        ) : (
          <Anchor component={Link} to="/login" size="sm">
            <Trans>Przejdź do logowania</Trans>
          </Anchor>
        )}
      </Stack>
    </AuthCard>
  )
}
