import '@mantine/core/styles/Avatar.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Button, Center, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { ApiError } from '../../api/api-error.ts'
import { inlineErrorMessage } from '../../api/error-messages.ts'
import { useUpdateProfileFiles } from '../../api/profile-files.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FilePicker } from '../../ui/file-picker.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { VideoPlayer } from '../../ui/video-player.tsx'
import { showSuccessToast, successTexts, updateErrorText } from './profile-toasts.ts'

type Kind = 'picture' | 'video'
type Props = { kind: Kind; opened: boolean; onClose: () => void }

/** A blob URL for the chosen file, revoked when it changes or the dialog goes. */
function useObjectUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null)
      return
    }
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}

/**
 * Preview: the new picture or video is chosen (product-rules.md "Uploads": checked by content and
 * size), shown as it will look, and saved only on Confirm, with progress and Cancel.
 */
export function PreviewDialog({ kind, opened, onClose }: Props) {
  const { t } = useLingui()
  const upload = useUpdateProfileFiles()
  const uploading = upload.mutation.isPending
  const close = () => {
    upload.cancel()
    onClose()
  }
  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title={kind === 'picture' ? t`Zmień zdjęcie profilowe` : t`Zmień film powitalny`}
    >
      <PreviewForm kind={kind} upload={upload} onDone={onClose} onCancel={close} uploading={uploading} />
    </AppDialog>
  )
}

type FormProps = {
  kind: Kind
  upload: ReturnType<typeof useUpdateProfileFiles>
  uploading: boolean
  onDone: () => void
  onCancel: () => void
}

function PreviewForm({ kind, upload, uploading, onDone, onCancel }: FormProps) {
  const { t } = useLingui()
  const [file, setFile] = useState<File | null>(null)
  const url = useObjectUrl(file)
  const error = upload.mutation.error instanceof ApiError ? upload.mutation.error : null
  const failure = error && error.kind !== 'aborted' ? (inlineErrorMessage(error) ?? updateErrorText) : null

  const save = () => {
    if (!file) return
    upload.mutation.mutate(kind === 'picture' ? { image: file } : { video: file }, {
      onSuccess: () => {
        showSuccessToast(successTexts.data)
        onDone()
      },
    })
  }

  return (
    <Stack gap="md">
      <FilePicker
        kind={kind}
        value={file}
        onChange={(next) => {
          upload.mutation.reset()
          setFile(next)
        }}
        label={kind === 'picture' ? t`Nowe zdjęcie` : t`Nowy film`}
        description={
          kind === 'picture'
            ? t`Zdjęcie twarzy na jasnym tle wygląda najlepiej.`
            : t`Krótko przedstaw się kursantom – wystarczy minuta.`
        }
        progress={upload.progress}
        onCancel={upload.cancel}
      />
      {file && url && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            <Trans>Podgląd</Trans>
          </Text>
          {kind === 'picture' ? (
            <Center>
              <Avatar src={url} size={160} radius={160} alt={t`Podgląd nowego zdjęcia profilowego`} />
            </Center>
          ) : (
            <VideoPlayer src={url} label={t`Podgląd nowego filmu`} />
          )}
        </Stack>
      )}
      {failure && (
        <FormError>
          <Message of={failure} />
        </FormError>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          <Trans>Anuluj</Trans>
        </Button>
        <Button onClick={save} loading={uploading} disabled={!file}>
          <Trans>Zapisz</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
