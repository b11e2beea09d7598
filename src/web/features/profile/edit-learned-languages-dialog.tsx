import { Trans, useLingui } from '@lingui/react/macro'
import { Checkbox, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useLanguages } from '../../api/dictionaries.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { languageLabel } from '../../ui/language-labels.ts'
import { DialogActions } from './dialog-actions.tsx'
import { somethingUnticked } from './learned-languages.ts'
import { successTexts } from './profile-toasts.ts'
import { useGroupSave } from './use-group-save.ts'

type Props = { opened: boolean; onClose: () => void; learned: number[] }

/** EditMyLearnedLanguages (student): untick the languages no longer learned. */
export function EditLearnedLanguagesDialog({ opened, onClose, learned }: Props) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Języki, których się uczysz`}>
      <EditLearnedLanguagesForm learned={learned} onDone={onClose} />
    </AppDialog>
  )
}

export function EditLearnedLanguagesForm({ learned, onDone }: { learned: number[]; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const languages = useLanguages().data ?? []
  const form = useForm({ initialValues: { language_ids: learned.map(String) } })
  const ticked = form.getValues().language_ids.map(Number)
  const { submit, pending, failure } = useGroupSave({
    form,
    payload: () => ({ language_ids: ticked }),
    success: successTexts.data,
    onSaved: onDone,
  })
  const name = (id: number) => {
    const language = languages.find((l) => l.id === id)
    return language ? languageLabel(language, i18n.locale) : t`Język nr ${id}`
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <Trans>Odznacz języki, których już się nie uczysz.</Trans>
        </Text>
        <Checkbox.Group label={t`Twoje języki`} {...form.getInputProps('language_ids')}>
          <Stack gap="xs" mt="xs">
            {learned.map((id) => (
              <Checkbox key={id} value={String(id)} label={name(id)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <DialogActions
          onCancel={onDone}
          pending={pending}
          failure={failure}
          disabled={!somethingUnticked(learned, ticked)}
        />
      </Stack>
    </form>
  )
}
