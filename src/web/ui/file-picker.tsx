import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, FileButton, Input, Stack, Text } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconUpload } from '@tabler/icons-react'
import { type DragEvent, type ReactNode, useRef, useState } from 'react'
import { FILE_RULES, megabytes } from '../../domain/files.ts'
import { ChosenFile } from './chosen-file.tsx'
import { ACCEPT_BY_KIND, checkChosenFile, fileProblemMessage } from './file-check.ts'
import { Message } from './message.tsx'

export type FilePickerProps = {
  kind: 'picture' | 'video'
  value: File | null
  onChange: (file: File | null) => void
  label: ReactNode
  description?: ReactNode
  required?: boolean
  /** An error from outside (a required file, the server). */
  error?: ReactNode
  /** 0–100 while the file is being uploaded; null otherwise. */
  progress?: number | null
  /** Offered while uploading (design.md "Uploads": uploads can be cancelled). */
  onCancel?: () => void
  disabled?: boolean
}

/**
 * A picture or video chooser (product-rules.md "Uploads"): drop zone and button; the file is judged
 * by its content and size in the browser; a refused file resets the input and says why. Shows a
 * thumbnail (picture) or name and size (video), and the upload's progress with Cancel.
 */
export function FilePicker({
  kind,
  value,
  onChange,
  label,
  description,
  required,
  error,
  progress = null,
  onCancel,
  disabled,
}: FilePickerProps) {
  const { t } = useLingui()
  const id = useId()
  const resetRef = useRef<() => void>(null)
  const [problem, setProblem] = useState<{ name: string; message: MessageDescriptor } | null>(null)
  const [dragging, setDragging] = useState(false)
  const uploading = progress !== null
  const rule = FILE_RULES[kind]
  const limit = megabytes(rule.maxBytes)
  const types = rule.label

  async function choose(file: File | null) {
    setProblem(null)
    if (!file) return
    const check = await checkChosenFile(kind, file)
    if (check.ok) onChange(file)
    else {
      // product-rules.md "Uploads": a refused file resets the input.
      resetRef.current?.()
      onChange(null)
      setProblem({ name: file.name, message: fileProblemMessage(kind, check.reason) })
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    if (disabled || uploading) return
    void choose(event.dataTransfer.files.item(0))
  }

  const refusedName = problem?.name ?? ''
  const shownError = problem ? (
    <>
      <Trans>Nie można użyć pliku {refusedName}.</Trans> <Message of={problem.message} />
    </>
  ) : (
    error
  )
  const errorId = `${id}-error`

  return (
    <Input.Wrapper
      label={label}
      description={description}
      required={required}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
    >
      <Stack gap="xs" mt={6}>
        <Box
          role="group"
          aria-labelledby={`${id}-label`}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          p="md"
          style={{
            border: `2px dashed var(--mantine-color-${shownError ? 'red-6' : dragging ? 'indigo-6' : 'gray-4'})`,
            borderRadius: 'var(--mantine-radius-md)',
            background: dragging ? 'var(--mantine-color-indigo-0)' : 'var(--mantine-color-body)',
          }}
        >
          {value ? (
            <ChosenFile
              kind={kind}
              file={value}
              progress={progress}
              onCancel={onCancel}
              onRemove={
                disabled || uploading
                  ? undefined
                  : () => {
                      resetRef.current?.()
                      onChange(null)
                    }
              }
              changeButton={
                <FileButton
                  resetRef={resetRef}
                  accept={ACCEPT_BY_KIND[kind]}
                  onChange={(f) => void choose(f)}
                >
                  {(props) => (
                    <Button {...props} size="xs" variant="default" disabled={disabled || uploading}>
                      <Trans>Zmień plik</Trans>
                    </Button>
                  )}
                </FileButton>
              }
            />
          ) : (
            <Stack align="center" gap={6} ta="center" py="sm">
              <IconUpload size={28} aria-hidden color="var(--mantine-color-indigo-7)" />
              <Text size="sm" visibleFrom="sm">
                <Trans>Przeciągnij plik tutaj albo</Trans>
              </Text>
              <FileButton resetRef={resetRef} accept={ACCEPT_BY_KIND[kind]} onChange={(f) => void choose(f)}>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    disabled={disabled}
                    aria-describedby={shownError ? errorId : undefined}
                  >
                    {kind === 'picture' ? t`Wybierz zdjęcie` : t`Wybierz film`}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                <Trans>
                  {types}, do {limit} MB
                </Trans>
              </Text>
            </Stack>
          )}
        </Box>
        {shownError && (
          <Text id={errorId} size="sm" c="red.8" role="alert" tabIndex={-1}>
            {shownError}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  )
}
