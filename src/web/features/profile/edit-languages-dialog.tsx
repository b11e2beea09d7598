import { useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import type { Profile } from '../../../domain/api/profile.ts'
import { teacherLanguagesToRows } from '../../../domain/validation/teacher-languages.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { toFormErrors } from '../../ui/forms/field-messages.tsx'
import {
  emptyLanguageRow,
  type TeacherLanguagesValues,
  teacherLanguagesMessages,
  teacherLanguagesPayload,
} from '../../ui/forms/section-rules.ts'
import { TeacherLanguagesFields } from '../../ui/forms/teacher-languages-fields.tsx'
import { DialogActions } from './dialog-actions.tsx'
import { successTexts } from './profile-toasts.ts'
import { useGroupSave } from './use-group-save.ts'

type Props = { opened: boolean; onClose: () => void; profile: Profile }

/** EditLanguages (teacher): rows of language, level and specializations (product-rules.md "Validation"). */
export function EditLanguagesDialog({ opened, onClose, profile }: Props) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Języki, których uczysz`}>
      <EditLanguagesForm profile={profile} onDone={onClose} />
    </AppDialog>
  )
}

const languagesValuesOf = (profile: Profile): TeacherLanguagesValues => {
  const rows = teacherLanguagesToRows(profile)
  return {
    language_rows: rows.length > 0 ? rows : [emptyLanguageRow()],
    teaching_languages: profile.teaching_languages,
  }
}

// The payload's paths → the rows of the form.
const mapPath = (path: string) => {
  if (path.startsWith('teaching_languages')) return 'teaching_languages'
  const row = /^(?:taught_languages|language_specializations)\.(\d+)/.exec(path)
  return row ? `language_rows.${row[1]}.language_id` : 'language_rows'
}

function EditLanguagesForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const form = useForm<TeacherLanguagesValues>({
    initialValues: languagesValuesOf(profile),
    validate: (values) => toFormErrors(teacherLanguagesMessages(values)),
  })
  const { submit, pending, failure } = useGroupSave({
    form,
    payload: teacherLanguagesPayload,
    mapPath,
    success: successTexts.languages,
    onSaved: onDone,
  })
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TeacherLanguagesFields form={form} />
        <DialogActions onCancel={onDone} pending={pending} failure={failure} />
      </Stack>
    </form>
  )
}
