import { useLingui } from '@lingui/react/macro'
import { Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import type { Role } from '../../../domain/api/common.ts'
import { ABOUT_MAX } from '../../../domain/validation/rules.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { DialogActions } from './dialog-actions.tsx'
import { successTexts } from './profile-toasts.ts'
import { useGroupSave } from './use-group-save.ts'

type Props = { opened: boolean; onClose: () => void; about: string | null; role: Role }

/**
 * EditAboutMe: free text without rules (product-rules.md "Validation"); may be cleared. The hint
 * speaks to the role: a teacher's "O mnie" is read by students on the teacher's page.
 */
export function EditAboutDialog({ opened, onClose, about, role }: Props) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Edytuj sekcję „O mnie”`}>
      <EditAboutForm about={about} role={role} onDone={onClose} />
    </AppDialog>
  )
}

function EditAboutForm({ about, role, onDone }: { about: string | null; role: Role; onDone: () => void }) {
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
          description={
            role === 'teacher'
              ? t`Kilka słów o sobie dla kursantów: kim jesteś poza lekcjami, co Cię pasjonuje, jak lubisz uczyć.`
              : t`Kilka słów o sobie: zainteresowania, cele, czego oczekujesz od lekcji.`
          }
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
