import { Trans, useLingui } from '@lingui/react/macro'
import { Loader, Text, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconCircleCheck } from '@tabler/icons-react'
import { codeMessage } from '../../api/error-messages.ts'
import { useEmailAvailability } from '../../api/registration.ts'
import { clearServerError } from '../../api/server-error.ts'
import { fieldProps } from '../../ui/forms/field-props.ts'
import { Message } from '../../ui/message.tsx'

/**
 * The new account's e-mail (product-rules.md "Validation"): format checked in the browser,
 * availability asked from the server 500 ms after typing stops, the result said beside the field
 * (and announced).
 */
export function EmailCheckField({ form }: { form: UseFormReturnType<{ email: string }, unknown> }) {
  const { t } = useLingui()
  const email = form.useWatchValue('email')
  const state = useEmailAvailability(email)
  const input = fieldProps(form, 'email')
  const taken = state === 'taken' ? <Message of={codeMessage('email_taken')} /> : null
  return (
    <TextInput
      label={t`E-mail`}
      type="email"
      inputMode="email"
      autoComplete="email"
      required
      {...input}
      error={input.error ?? taken}
      onChange={(event) => {
        clearServerError()
        input.onChange(event)
      }}
      rightSection={state === 'checking' ? <Loader size={16} aria-hidden /> : null}
      description={
        <Text component="span" size="xs" aria-live="polite" c={state === 'available' ? 'teal.9' : 'dimmed'}>
          {state === 'checking' && <Trans>Sprawdzamy, czy adres jest wolny…</Trans>}
          {state === 'available' && (
            <>
              <IconCircleCheck size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
              <Trans>Adres jest wolny.</Trans>
            </>
          )}
          {state === 'failed' && <Trans>Nie udało się sprawdzić adresu. Sprawdzimy go przy wysyłaniu.</Trans>}
          {(state === 'idle' || state === 'taken') && (
            <Trans>Na ten adres wyślemy informację o weryfikacji konta.</Trans>
          )}
        </Text>
      }
    />
  )
}
