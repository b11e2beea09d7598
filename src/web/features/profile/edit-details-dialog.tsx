import { useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import type { Profile } from '../../../domain/api/profile.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { DetailsFields } from '../../ui/forms/details-fields.tsx'
import { toFormErrors } from '../../ui/forms/field-messages.tsx'
import { type DetailsValues, detailsMessages, detailsPayload } from '../../ui/forms/section-rules.ts'
import { DialogActions } from './dialog-actions.tsx'
import { successTexts } from './profile-toasts.ts'
import { useGroupSave } from './use-group-save.ts'

type Props = { opened: boolean; onClose: () => void; profile: Profile }

/** EditMyProfileDetails: name, last name, phone, birth date (product-rules.md "Validation"). */
export function EditDetailsDialog({ opened, onClose, profile }: Props) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Edytuj dane osobowe`}>
      <EditDetailsForm profile={profile} onDone={onClose} />
    </AppDialog>
  )
}

function EditDetailsForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const form = useForm<DetailsValues>({
    initialValues: {
      first_name: profile.first_name ?? '',
      last_name: profile.last_name ?? '',
      phone_number: profile.phone_number ?? '',
      date_of_birth: profile.date_of_birth ?? '',
    },
    validate: (values) => toFormErrors(detailsMessages(values)),
  })
  const { submit, pending, failure } = useGroupSave({
    form,
    payload: detailsPayload,
    success: successTexts.profile,
    onSaved: onDone,
  })
  // product-rules.md "Validation": all four fields are needed to enable confirm.
  const incomplete = Object.values(form.getValues()).some((value) => value.trim() === '')

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <DetailsFields form={form} />
        <DialogActions onCancel={onDone} pending={pending} failure={failure} disabled={incomplete} />
      </Stack>
    </form>
  )
}
