import { useLingui } from '@lingui/react/macro'
import { Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { ABOUT_MAX } from '../../../domain/validation/rules.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { DialogActions } from './dialog-actions.tsx'
import { successTexts } from './profile-toasts.ts'
import { useGroupSave } from './use-group-save.ts'

type Props = { opened: boolean; onClose: () => void; about: string | null }

/** EditAboutMe (spec §2): free text without rules (spec §5); may be cleared. */
export function EditAboutDialog({ opened, onClose, about }: Props) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Edytuj sekcję „O mnie”`}>
      <EditAboutForm about={about} onDone={onClose} />
    </AppDialog>
  )
}

function EditAboutForm({ about, onDone }: { about: string | null; onDone: () => void }) {
  const { t } = useLingui()
  const form = useForm({ initialValues: { about: about ?? '' } })
  const { submit, pending, failure } = useGroupSave({
    form,
    payload: (values) => values,
    success: successTexts.data,
    onSaved: onDone,
  })
  const length = form.getValues().about.length

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Textarea
          label={t`O mnie`}
          description={t`Kilka słów o sobie: zainteresowania, cele, czego oczekujesz od lekcji.`}
          autosize
          minRows={5}
          maxRows={12}
          {...form.getInputProps('about')}
          onFocus={() => form.clearFieldError('about')}
        />
        <Text size="sm" c={length > ABOUT_MAX ? 'red.8' : 'dimmed'} ta="right">
          {t`${length} / ${ABOUT_MAX} znaków`}
        </Text>
        <DialogActions onCancel={onDone} pending={pending} failure={failure} />
      </Stack>
    </form>
  )
}
