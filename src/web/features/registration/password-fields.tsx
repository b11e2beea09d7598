import '@mantine/core/styles/SimpleGrid.css'
import { useLingui } from '@lingui/react/macro'
import { PasswordInput, SimpleGrid } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { PASSWORD_MIN } from '../../../domain/constants.ts'
import { fieldProps } from '../../ui/forms/field-props.ts'

type PasswordValues = { password: string; password_confirmation: string }

/**
 * product-rules.md "Passwords": at least 8 characters and a confirmation equal to it. Never saved
 * in a draft.
 */
export function PasswordFields({ form }: { form: UseFormReturnType<PasswordValues, unknown> }) {
  const { t } = useLingui()
  const toggle = { 'aria-label': t`Pokaż lub ukryj hasło` }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <PasswordInput
        label={t`Hasło`}
        description={t`Co najmniej ${PASSWORD_MIN} znaków.`}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={toggle}
        {...fieldProps(form, 'password')}
      />
      <PasswordInput
        label={t`Powtórz hasło`}
        description={t`Wpisz to samo hasło jeszcze raz.`}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={toggle}
        {...fieldProps(form, 'password_confirmation')}
      />
    </SimpleGrid>
  )
}
