import { Trans, useLingui } from '@lingui/react/macro'
import { Stack, Textarea } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { ABOUT_MAX } from '../../../domain/validation/rules.ts'
import { BankFields } from '../../ui/forms/bank-fields.tsx'
import { DetailsFields } from '../../ui/forms/details-fields.tsx'
import { fieldProps } from '../../ui/forms/field-props.ts'
import { TeacherLanguagesFields } from '../../ui/forms/teacher-languages-fields.tsx'
import { DescriptionField } from './description-field.tsx'
import { EmailCheckField } from './email-check-field.tsx'
import { PasswordFields } from './password-fields.tsx'
import { SocialLinksFields } from './social-links-fields.tsx'
import { TeacherFileStep } from './teacher-file-step.tsx'
import type { TeacherFiles, TeacherFormValues, TeacherStep } from './teacher-form.ts'

type TeacherStepFieldsProps = {
  step: Exclude<TeacherStep, 'agreements'>
  form: UseFormReturnType<TeacherFormValues>
  files: TeacherFiles
  onFile: (kind: keyof TeacherFiles, file: File | null) => void
  restored: boolean
}

/** The fields of the teacher registration's first five steps. */
export function TeacherStepFields({ step, form, files, onFile, restored }: TeacherStepFieldsProps) {
  const { t } = useLingui()
  switch (step) {
    case 'details':
      return (
        <Stack gap="md">
          <DetailsFields form={form} />
          <EmailCheckField form={form} />
          <PasswordFields form={form} />
        </Stack>
      )
    case 'picture':
      return (
        <TeacherFileStep
          kind="picture"
          file={files.image}
          onChange={(file) => onFile('image', file)}
          label={t`Twoje zdjęcie`}
          hint={<Trans>Wyraźne zdjęcie Twojej twarzy, najlepiej na jasnym tle. Zobaczą je kursanci.</Trans>}
          error={form.errors.image}
          restored={restored}
        />
      )
    case 'video':
      return (
        <TeacherFileStep
          kind="video"
          file={files.video}
          onChange={(file) => onFile('video', file)}
          label={t`Twój film`}
          hint={<Trans>Krótki film, w którym przedstawiasz się kursantom i mówisz, jak uczysz.</Trans>}
          error={form.errors.video}
          restored={restored}
        />
      )
    case 'skills':
      return (
        <Stack gap="lg">
          <DescriptionField form={form} />
          <Textarea
            label={t`O mnie (opcjonalnie)`}
            description={t`Zainteresowania, doświadczenie – to, co pomoże kursantom Cię poznać.`}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={ABOUT_MAX}
            {...fieldProps(form, 'about')}
          />
          <TeacherLanguagesFields form={form} />
          <SocialLinksFields form={form} />
        </Stack>
      )
    case 'billing':
      return <BankFields form={form} />
  }
}
