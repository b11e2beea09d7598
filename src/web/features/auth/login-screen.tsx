import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Group, Text } from '@mantine/core'
import { Link, useParams } from 'react-router-dom'
import { AuthCard } from '../../ui/auth-card.tsx'
import { LoginForm } from './login-form.tsx'

/** /login, /login/teacher and /login/student: one form, the heading says who is signing in. */
export function LoginScreen() {
  const { t } = useLingui()
  const { id } = useParams()
  const title =
    id === 'teacher' ? t`Logowanie lektora` : id === 'student' ? t`Logowanie kursanta` : t`Zaloguj się`
  return (
    <AuthCard title={title} description={t`Witaj w Lektorium – szkole języków obcych online.`}>
      <LoginForm />
      {id !== 'student' && (
        // product-rules.md "Who uses it": teachers register themselves; students are invited by the
        // school.
        <Group justify="center" gap={6}>
          <Text size="sm" c="dimmed">
            <Trans>Nie masz konta?</Trans>
          </Text>
          <Anchor component={Link} to="/registration" size="sm">
            <Trans>Zarejestruj się jako lektor</Trans>
          </Anchor>
        </Group>
      )}
    </AuthCard>
  )
}
