import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { Lesson, LessonFile } from '../../../domain/api/my-lessons.ts'
import { canUploadMaterial } from '../../../domain/lesson-rules.ts'
import { useDownloadLessonFile, useRemoveLessonFile } from '../../api/my-lesson-mutations.ts'
import { useLesson } from '../../api/my-lessons.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FileItem } from '../../ui/file-item.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { useLessonView } from './lesson-view-context.tsx'
import { MaterialUpload } from './material-upload.tsx'
import { showSuccessToast, successTexts } from './my-lessons-toasts.ts'
import { saveFile } from './save-file.ts'
import { useDialogWrite, writeErrorMessage } from './use-dialog-write.ts'

/**
 * The lesson's materials (FileItem; product-rules.md "Roles and permissions"): both parties
 * download them (through the authenticated API), only the owner role deletes, teachers add new
 * ones. The list follows lessons/show, which every upload and removal updates.
 */
export function LessonMaterialsDialog({ lesson: listed, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useLingui()
  const { role } = useLessonView()
  const lesson = useLesson(listed.id, listed).data ?? listed
  const download = useDownloadLessonFile()
  const removal = useRemoveLessonFile()
  const remove = useDialogWrite(removal, lesson)
  const [downloadError, setDownloadError] = useState<MessageDescriptor | null>(null)
  const downloadingId = download.isPending ? download.variables?.file_id : undefined
  const removingId = removal.isPending ? removal.variables?.input.file_id : undefined

  const get = (file: LessonFile) => {
    setDownloadError(null)
    download.mutate(
      { lesson_id: lesson.id, file_id: file.id },
      {
        onSuccess: (blob) => saveFile(blob, file.filename),
        onError: (error) => setDownloadError(writeErrorMessage(error)),
      },
    )
  }
  const drop = (file: LessonFile) =>
    remove.submit({ lesson_id: lesson.id, file_id: file.id }, () =>
      showSuccessToast(successTexts.materialRemoved),
    )

  const error = remove.error ?? downloadError
  return (
    <AppDialog opened onClose={onClose} title={t`Materiały do lekcji`} variant="shared">
      <Stack gap="md">
        {lesson.lesson_files.length === 0 ? (
          <Text c="dimmed">
            <Trans>Do tej lekcji nie dodano jeszcze materiałów.</Trans>
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {lesson.lesson_files.map((file) => (
              <li key={file.id}>
                <FileItem
                  filename={file.filename}
                  size={file.size}
                  onDownload={() => get(file)}
                  downloading={downloadingId === file.id}
                  canDelete={file.type === role}
                  onDelete={() => drop(file)}
                  deleting={removingId === file.id}
                />
              </li>
            ))}
          </Stack>
        )}
        <FormError>{error && <Message of={error} />}</FormError>
        {canUploadMaterial(lesson, role) && <MaterialUpload lesson={lesson} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Zamknij</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
