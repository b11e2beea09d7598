import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from '../../../domain/constants.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { DialogActions } from './dialog-actions.tsx'
import { successTexts } from './profile-toasts.ts'
import { useGroupSave } from './use-group-save.ts'

type Props = { opened: boolean; onClose: () => void; description: string | null }

/** EditDescription (teacher): required, 60–1000 characters (product-rules.md "Validation"). */
export function EditDescriptionDialog({ opened, onClose, description }: Props) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Edytuj opis`}>
      <EditDescriptionForm description={description} onDone={onClose} />
    </AppDialog>
  )
}

function EditDescriptionForm({ description, onDone }: { description: string | null; onDone: () => void }) {
  const { t } = useLingui()
  const form = useForm({ initialValues: { description: description ?? '' } })
  const { submit, pending, failure } = useGroupSave({
    form,
    payload: (values) => values,
    success: successTexts.description,
    onSaved: onDone,
  })
  const length = form.getValues().description.trim().length
  const short = length < DESCRIPTION_MIN
  const missing = DESCRIPTION_MIN - length
  const remaining = plural(missing, {
    one: 'brakuje # znaku',
    few: 'brakuje # znaków',
    many: 'brakuje # znaków',
    other: 'brakuje # znaku',
  })

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Textarea
          label={t`Opis`}
          description={t`Napisz kursantom, czego i jak uczysz (od ${DESCRIPTION_MIN} do ${DESCRIPTION_MAX} znaków).`}
          autosize
          minRows={6}
          maxRows={14}
          required
          {...form.getInputProps('description')}
          onFocus={() => form.clearFieldError('description')}
        />
        <Text size="sm" c={short || length > DESCRIPTION_MAX ? 'red.8' : 'dimmed'} ta="right">
          {t`${length} / ${DESCRIPTION_MAX} znaków`}
          {short && ` · ${remaining}`}
        </Text>
        <DialogActions onCancel={onDone} pending={pending} failure={failure} />
      </Stack>
    </form>
  )
}
