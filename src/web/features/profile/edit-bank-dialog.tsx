import { useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import type { Profile } from '../../../domain/api/profile.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { BankFields } from '../../ui/forms/bank-fields.tsx'
import { toFormErrors } from '../../ui/forms/field-messages.tsx'
import { type BankValues, bankMessages, bankPayload } from '../../ui/forms/section-rules.ts'
import { formatIban } from './bank-format.ts'
import { DialogActions } from './dialog-actions.tsx'
import { successTexts } from './profile-toasts.ts'
import { useGroupSave } from './use-group-save.ts'

type Props = { opened: boolean; onClose: () => void; profile: Profile }

/**
 * EditMyBankDetails (teacher): IBAN, SWIFT for foreign accounts, address (product-rules.md "Bank
 * details").
 */
export function EditBankDialog({ opened, onClose, profile }: Props) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Dane bankowe`}>
      <EditBankForm profile={profile} onDone={onClose} />
    </AppDialog>
  )
}

export const bankValuesOf = (profile: Profile): BankValues => ({
  iban: formatIban(profile.iban),
  swift: profile.swift ?? '',
  address: {
    street: profile.address?.street ?? '',
    buildingNumber: profile.address?.buildingNumber ?? '',
    apartmentNumber: profile.address?.apartmentNumber ?? '',
    zip: profile.address?.zip ?? '',
    city: profile.address?.city ?? '',
    country: profile.address?.country ?? '',
  },
})

function EditBankForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const form = useForm<BankValues>({
    initialValues: bankValuesOf(profile),
    validate: (values) => toFormErrors(bankMessages(values)),
  })
  const { submit, pending, failure } = useGroupSave({
    form,
    payload: bankPayload,
    success: successTexts.data,
    onSaved: onDone,
  })
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <BankFields form={form} />
        <DialogActions onCancel={onDone} pending={pending} failure={failure} />
      </Stack>
    </form>
  )
}
