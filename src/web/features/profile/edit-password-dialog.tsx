import { useLingui } from '@lingui/react/macro'
import { PasswordInput, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { PASSWORD_MIN } from '../../../domain/constants.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { DialogActions } from './dialog-actions.tsx'
import { successTexts } from './profile-toasts.ts'
import { useGroupSave } from './use-group-save.ts'

type Values = { currentPassword: string; password: string; passwordConfirmation: string }
type Field = keyof Values

type Props = { opened: boolean; onClose: () => void }

/** EditPassword: current, new and repeated password (product-rules.md "Passwords"). */
export function EditPasswordDialog({ opened, onClose }: Props) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Zmień hasło`}>
      <EditPasswordForm onDone={onClose} />
    </AppDialog>
  )
}

export function EditPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui()
  // product-rules.md "Passwords": confirm is disabled while a field is focused.
  const [focusedField, setFocusedField] = useState<Field | null>(null)
  const form = useForm<Values>({
    initialValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  })
  const { submit, pending, failure } = useGroupSave({
    form,
    payload: (values) => values,
    success: successTexts.password,
    onSaved: onDone,
  })

  const field = (name: Field) => ({
    ...form.getInputProps(name),
    // product-rules.md "Validation": errors are reset on focus.
    onFocus: () => {
      form.clearFieldError(name)
      setFocusedField(name)
    },
    onBlur: () => setFocusedField((current) => (current === name ? null : current)),
    visibilityToggleButtonProps: { 'aria-label': t`Pokaż lub ukryj hasło` },
    required: true,
  })

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (focusedField !== null) event.preventDefault()
        else submit(event)
      }}
    >
      <Stack gap="md">
        <PasswordInput
          label={t`Obecne hasło`}
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordInput
          label={t`Nowe hasło`}
          description={t`Co najmniej ${PASSWORD_MIN} znaków.`}
          autoComplete="new-password"
          {...field('password')}
        />
        <PasswordInput
          label={t`Powtórz nowe hasło`}
          autoComplete="new-password"
          {...field('passwordConfirmation')}
        />
        <DialogActions
          onCancel={onDone}
          pending={pending}
          failure={failure}
          softDisabled={focusedField !== null}
          confirmLabel={t`Zmień hasło`}
        />
      </Stack>
    </form>
  )
}
