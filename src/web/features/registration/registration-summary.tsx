import '@mantine/core/styles/List.css'
import '@mantine/core/styles/ThemeIcon.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, List, Paper, Text, ThemeIcon } from '@mantine/core'
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react'
import { formatFileSize } from '../../ui/file-check.ts'

export type SummaryFile = { label: string; file: File | null; onOpen: () => void }

type RegistrationSummaryProps = { name: string; email: string; files: SummaryFile[] }

/** Before sending: who registers and which files go with it (the files must be chosen). */
export function RegistrationSummary({ name, email, files }: RegistrationSummaryProps) {
  const { t, i18n } = useLingui()
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Text fw={600} size="sm" mb={6}>
        <Trans>Podsumowanie</Trans>
      </Text>
      <List size="sm" spacing={6} center>
        {(name || email) && (
          <List.Item icon={<Ok />}>
            {name}
            {name && email ? ', ' : ''}
            {email}
          </List.Item>
        )}
        {files.map(({ label, file, onOpen }) => (
          <List.Item key={label} icon={file ? <Ok /> : <Missing />}>
            {file ? (
              `${label}: ${file.name} (${formatFileSize(file.size, i18n.locale)})`
            ) : (
              <>
                {t`${label}: nie wybrano.`}{' '}
                <Anchor component="button" type="button" size="sm" onClick={onOpen}>
                  <Trans>Wybierz plik</Trans>
                </Anchor>
              </>
            )}
          </List.Item>
        ))}
      </List>
    </Paper>
  )
}

const Ok = () => (
  <ThemeIcon size={20} radius="xl" color="teal.8" aria-hidden>
    <IconCheck size={14} />
  </ThemeIcon>
)

const Missing = () => (
  <ThemeIcon size={20} radius="xl" color="orange.8" aria-hidden>
    <IconAlertTriangle size={14} />
  </ThemeIcon>
)
