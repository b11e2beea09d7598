import { Trans } from '@lingui/react/macro'
import { Alert, Stack, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { FilePicker } from '../../ui/file-picker.tsx'

type TeacherFileStepProps = {
  kind: 'picture' | 'video'
  file: File | null
  onChange: (file: File | null) => void
  label: string
  hint: ReactNode
  error: ReactNode
  /** A draft was restored: files are not part of it and must be chosen again. */
  restored: boolean
}

/** The picture or video step: one required file, checked by content (product-rules.md "Uploads"). */
export function TeacherFileStep({
  kind,
  file,
  onChange,
  label,
  hint,
  error,
  restored,
}: TeacherFileStepProps) {
  return (
    <Stack gap="md">
      <Text size="sm">{hint}</Text>
      {restored && !file && (
        <Alert variant="light" color="indigo" icon={<IconInfoCircle size={20} aria-hidden />}>
          <Trans>Pliki nie są zapisywane w przeglądarce – po odświeżeniu strony wybierz je ponownie.</Trans>
        </Alert>
      )}
      <FilePicker kind={kind} value={file} onChange={onChange} label={label} required error={error} />
    </Stack>
  )
}
