import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useVerifyTeacherByEmail } from '../../api/admin-teachers.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage } from '../../api/error-messages.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'

/**
 * product-rules.md "Sign-in and account states": a teacher who registered waits for verification;
 * the school lets them in by their e-mail (the same service as `ops verify-teacher`), and the
 * teacher is told by e-mail.
 */
export function VerifyByEmail() {
  const { t } = useLingui()
  const verify = useVerifyTeacherByEmail()
  const [email, setEmail] = useState('')
  const [empty, setEmpty] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = email.trim()
    setEmpty(typed === '')
    if (typed !== '') verify.mutate(typed)
  }
  const error = verify.error instanceof ApiError ? verify.error : null
  // The service's own words (no such account, not a teacher, deactivated) come on the field.
  const fieldError = error?.fieldErrors.find((e) => e.field === 'email')
  const result = verify.data

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Zweryfikuj lektora po adresie e-mail</Trans>
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              type="email"
              label={t`E-mail lektora`}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={
                empty ? t`Podaj adres e-mail` : fieldError ? <FieldText message={fieldError.message} /> : null
              }
              style={{ flex: '1 1 240px' }}
              autoComplete="off"
            />
            <Button type="submit" loading={verify.isPending} mt={{ base: 0, xs: 25 }}>
              <Trans>Zweryfikuj</Trans>
            </Button>
          </Group>
          {error && !fieldError && (
            <FormError>
              <Message of={apiErrorMessage(error)} />
            </FormError>
          )}
          {result && (
            <Alert color={result.already_verified ? 'blue' : 'green'} variant="light" role="status">
              {result.already_verified ? (
                <Trans>{result.email} był już zweryfikowany. Nic się nie zmieniło.</Trans>
              ) : result.mail_sent ? (
                <Trans>{result.email} jest zweryfikowany i dostał o tym e-mail.</Trans>
              ) : (
                <Trans>
                  {result.email} jest zweryfikowany, ale e-maila nie udało się wysłać. Daj znać lektorowi inną
                  drogą.
                </Trans>
              )}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  )
}

/**
 * The service's sentence about the e-mail (users/service.ts verifyTeacher, shared with the ops
 * CLI, so English) in the screen's words; an unknown one is shown as it came.
 */
function emailProblem(message: string): MessageDescriptor | null {
  if (message.startsWith('No account')) return msg`Nie ma konta z tym adresem e-mail.`
  if (message.endsWith('not a teacher.')) return msg`To konto nie należy do lektora.`
  if (message.endsWith('not awaiting verification.'))
    return msg`To konto lektora nie czeka na weryfikację (jest nieaktywne).`
  return null
}

function FieldText({ message }: { message: string }) {
  const problem = emailProblem(message)
  return problem ? <Message of={problem} /> : message
}
