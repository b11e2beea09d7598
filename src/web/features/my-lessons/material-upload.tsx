import '@mantine/core/styles/Progress.css'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { FILE_RULES, megabytes } from '../../../domain/files.ts'
import { useUploadMaterial } from '../../api/my-lesson-mutations.ts'
import { useWriteAttempt } from '../../api/write-attempt.ts'
import { ACCEPT_BY_KIND, checkChosenFile, fileProblemMessage } from '../../ui/file-check.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { showSuccessToast, successTexts } from './my-lessons-toasts.ts'
import { writeErrorMessage } from './use-dialog-write.ts'

type Problem = { name: string; message: MessageDescriptor }

/**
 * A teacher adds a lesson material (product-rules.md "Uploads": at most 10 MB, the material types,
 * judged by the file's content in the browser first), with upload progress and Cancel (design.md
 * "Uploads"). A refused or failed file resets the input and says why.
 */
export function MaterialUpload({ lesson }: { lesson: Lesson }) {
  const { t } = useLingui()
  const upload = useUploadMaterial()
  const attempt = useWriteAttempt()
  const resetRef = useRef<() => void>(null)
  const controller = useRef<AbortController | null>(null)
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null)
  const [problem, setProblem] = useState<Problem | null>(null)
  // Closing the dialog stops an upload that is still running.
  useEffect(() => () => controller.current?.abort(), [])
  const rule = FILE_RULES.material
  const limit = megabytes(rule.maxBytes)
  const types = rule.label

  const fail = (name: string, message: MessageDescriptor | null) => {
    resetRef.current?.()
    setProgress(null)
    setProblem(message ? { name, message } : null)
  }

  function start(file: File) {
    const abort = new AbortController()
    controller.current = abort
    const input = { lesson_id: lesson.id, file, filename: file.name }
    // The key follows the file chosen (a File itself has no JSON form).
    const idempotencyKey = attempt.keyFor([lesson.id, file.name, file.size, file.lastModified])
    setProgress({ name: file.name, percent: 0 })
    upload.mutate(
      {
        input,
        idempotencyKey,
        lesson,
        control: {
          signal: abort.signal,
          onProgress: (p) => setProgress({ name: file.name, percent: Math.round(p.fraction * 100) }),
        },
      },
      {
        onSuccess: () => {
          attempt.settle(null)
          resetRef.current?.()
          setProgress(null)
          showSuccessToast(successTexts.materialAdded)
        },
        onError: (error) => {
          attempt.settle(error)
          fail(file.name, writeErrorMessage(error))
        },
      },
    )
  }

  async function choose(file: File | null) {
    setProblem(null)
    if (!file) return
    const check = await checkChosenFile('material', file)
    if (check.ok) start(file)
    else fail(file.name, fileProblemMessage('material', check.reason))
  }

  const refused = problem?.name ?? ''
  const uploadingName = progress?.name ?? ''
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <FileButton
          resetRef={resetRef}
          accept={ACCEPT_BY_KIND.material}
          onChange={(file) => void choose(file)}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={progress !== null}
            >
              <Trans>Dodaj materiał</Trans>
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          <Trans>
            {types}, do {limit} MB
          </Trans>
        </Text>
      </Group>
      {progress && (
        <Group gap="sm" wrap="nowrap">
          <Progress
            value={progress.percent}
            style={{ flex: 1 }}
            aria-label={t`Wysyłanie pliku ${uploadingName}`}
            animated={progress.percent < 100}
          />
          <Text size="xs" w={40} ta="right" aria-live="polite">
            {progress.percent}%
          </Text>
          <Button size="xs" variant="subtle" color="red" onClick={() => controller.current?.abort()}>
            <Trans>Anuluj</Trans>
          </Button>
        </Group>
      )}
      <FormError>
        {problem && (
          <>
            <Trans>Nie można dodać pliku {refused}.</Trans> <Message of={problem.message} />
          </>
        )}
      </FormError>
    </Stack>
  )
}
