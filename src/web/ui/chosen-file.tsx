import '@mantine/core/styles/Image.css'
import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/ThemeIcon.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Image, Progress, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconMovie } from '@tabler/icons-react'
import { type ReactNode, useEffect, useState } from 'react'
import { formatFileSize } from './file-check.ts'

type ChosenFileProps = {
  kind: 'picture' | 'video'
  file: File
  progress: number | null
  onCancel?: (() => void) | undefined
  onRemove?: (() => void) | undefined
  changeButton: ReactNode
}

/** A blob URL for a preview, revoked when the file changes or the preview goes. */
function useObjectUrl(file: File, enabled: boolean) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!enabled || typeof URL.createObjectURL !== 'function') return
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file, enabled])
  return url
}

/** The chosen file: thumbnail or film icon, name and size, and the upload's progress. */
export function ChosenFile({ kind, file, progress, onCancel, onRemove, changeButton }: ChosenFileProps) {
  const { t, i18n } = useLingui()
  const preview = useObjectUrl(file, kind === 'picture')
  const size = formatFileSize(file.size, i18n.locale)
  const percent = Math.round(progress ?? 0)
  const fileName = file.name
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="nowrap" align="center">
        {kind === 'picture' && preview ? (
          <Image src={preview} alt={t`Podgląd wybranego zdjęcia`} w={72} h={72} radius="50%" fit="cover" />
        ) : (
          <ThemeIcon size={56} radius="md" variant="light" aria-hidden>
            <IconMovie size={30} />
          </ThemeIcon>
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate="end" title={file.name}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {size}
          </Text>
        </Stack>
      </Group>
      {progress !== null ? (
        <Group gap="sm" wrap="nowrap">
          <Progress
            value={percent}
            style={{ flex: 1 }}
            aria-label={t`Wysyłanie pliku ${fileName}`}
            animated={percent < 100}
          />
          <Text size="xs" w={40} ta="right" aria-live="polite">
            {percent}%
          </Text>
          {onCancel && (
            <Button size="xs" variant="subtle" color="red" onClick={onCancel}>
              <Trans>Anuluj</Trans>
            </Button>
          )}
        </Group>
      ) : (
        <Group gap="xs">
          {changeButton}
          {onRemove && (
            <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
              <Trans>Usuń</Trans>
            </Button>
          )}
        </Group>
      )}
    </Stack>
  )
}
