import { useLingui } from '@lingui/react/macro'
import { useParams } from 'react-router-dom'
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
    </AuthCard>
  )
}
