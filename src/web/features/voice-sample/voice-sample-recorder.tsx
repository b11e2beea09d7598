import '@mantine/core/styles/Tooltip.css'
import '@mantine/core/styles/RingProgress.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Paper, RingProgress, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { IconCircleCheck, IconMicrophone, IconMicrophoneOff, IconRefresh } from '@tabler/icons-react'
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react'
import { VOICE_SAMPLE } from '../../../domain/voice-sample.ts'
import { MicrophoneHelp } from './microphone-help.tsx'
import type { RecordingDeps } from './record-voice-sample.ts'
import { RecordingPlayback } from './recording-playback.tsx'
import { showUploadError } from './upload-error.ts'
import {
  type RecorderCallbacks,
  type RecorderState,
  useVoiceSampleRecorder,
} from './use-voice-sample-recorder.ts'

/** Lets a screen start the recording from its own button (the VoiceRecognition dialog's). */
export type VoiceSampleRecorderHandle = {
  /** Starts the 10 s recording and moves the focus to the recorder; call it from the click. */
  record: () => void
}

export type VoiceSampleRecorderProps = RecorderCallbacks & {
  /** Replaces the microphone and the clock (tests). */
  deps?: RecordingDeps
  ref?: Ref<VoiceSampleRecorderHandle>
}

/**
 * The voice-sample recorder (product-rules.md "Voice sample"): self-contained, it records, uploads
 * and thanks; the screen around it (voice-confirmation, the onboarding's step 6) decides what comes
 * next through `onUploaded`, and may start it through `ref`.
 */
export function VoiceSampleRecorder({ deps, ref, onUploadFailed, ...callbacks }: VoiceSampleRecorderProps) {
  const { t } = useLingui()
  const { state, record, retryUpload } = useVoiceSampleRecorder(
    {
      ...callbacks,
      onUploadFailed: (error) => {
        showUploadError()
        onUploadFailed?.(error)
      },
    },
    deps,
  )
  const region = useRef<HTMLDivElement>(null)
  useImperativeHandle(
    ref,
    () => ({
      record: () => {
        region.current?.focus({ preventScroll: true })
        void record()
      },
    }),
    [record],
  )
  // The button that started a step is gone once the next one shows: keep the focus in the recorder.
  useEffect(() => {
    const focused = document.activeElement
    if (state.step !== 'idle' && (focused === null || focused === document.body)) {
      region.current?.focus({ preventScroll: true })
    }
  }, [state.step])
  return (
    <Paper
      ref={region}
      tabIndex={-1}
      role="group"
      aria-label={t`Próbka głosu`}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
    >
      <Stack gap="md" align="center" ta="center">
        <RecorderBody state={state} record={record} retryUpload={retryUpload} />
      </Stack>
      {/* Always in the page, so screen readers hear the start (a region added with its text is not read). */}
      <VisuallyHidden aria-live="polite">
        {state.step === 'recording' ? t`Nagrywanie rozpoczęte. Przeczytaj zdanie na głos.` : ''}
      </VisuallyHidden>
    </Paper>
  )
}

type BodyProps = {
  state: RecorderState
  record: () => Promise<void>
  retryUpload: (file: File) => Promise<void>
}

function RecorderBody({ state, record, retryUpload }: BodyProps) {
  const { t } = useLingui()
  const start = () => void record()
  switch (state.step) {
    case 'idle':
    case 'starting':
      return (
        <>
          <Prompt />
          <Button
            size="md"
            leftSection={<IconMicrophone size={18} aria-hidden />}
            loading={state.step === 'starting'}
            onClick={start}
          >
            <Trans>Nagraj próbkę</Trans>
          </Button>
        </>
      )
    case 'recording':
      return <Countdown secondsLeft={state.secondsLeft} />
    case 'uploading':
      return (
        <>
          <Text fw={500} role="status">
            <Trans>Zapisujemy nagranie…</Trans>
          </Text>
          <RecordingPlayback file={state.file} />
        </>
      )
    case 'uploaded':
      return (
        <>
          <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
          <Title order={2} fz="lg" role="status">
            <Trans>Dziękujemy! Twoja próbka głosu została zapisana.</Trans>
          </Title>
          <RecordingPlayback file={state.file} />
        </>
      )
    case 'upload-failed':
      return (
        <>
          <Alert color="red" variant="light" w="100%" ta="left" title={t`Nie zapisaliśmy nagrania`}>
            <Trans>
              Twoja próbka głosu nie została zapisana. Wyślij to samo nagranie jeszcze raz albo nagraj nowe.
            </Trans>
          </Alert>
          <RecordingPlayback file={state.file} />
          <Group justify="center">
            <Button
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void retryUpload(state.file)}
            >
              <Trans>Wyślij ponownie</Trans>
            </Button>
            <Button variant="default" leftSection={<IconMicrophone size={16} aria-hidden />} onClick={start}>
              <Trans>Nagraj ponownie</Trans>
            </Button>
          </Group>
        </>
      )
    case 'denied':
    case 'capture-failed':
      return (
        <>
          {state.step === 'denied' ? (
            <MicrophoneHelp />
          ) : (
            <Alert
              color="red"
              variant="light"
              w="100%"
              ta="left"
              icon={<IconMicrophoneOff size={18} aria-hidden />}
            >
              <Trans>
                Nie udało się nagrać dźwięku w tej przeglądarce. Spróbuj ponownie albo użyj innej
                przeglądarki.
              </Trans>
            </Alert>
          )}
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={start}>
            <Trans>Spróbuj ponownie</Trans>
          </Button>
        </>
      )
  }
}

function Prompt() {
  return (
    <>
      <Text>
        <Trans>Przeczytaj na głos zdanie poniżej. Nagranie trwa 10 sekund i zatrzyma się samo.</Trans>
      </Text>
      <Sentence />
    </>
  )
}

/** What the student reads aloud: shown before and during the recording. */
function Sentence() {
  return (
    <Text fz="lg" fw={500} fs="italic" maw={480}>
      <Trans>„Dzień dobry! Uczę się języków w Lektorium i za chwilę zaczynam lekcję z moim lektorem.”</Trans>
    </Text>
  )
}

function Countdown({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useLingui()
  const elapsed = ((VOICE_SAMPLE.seconds - secondsLeft) / VOICE_SAMPLE.seconds) * 100
  return (
    <>
      <Text fw={500} c="red.8">
        <Trans>Nagrywanie…</Trans>
      </Text>
      <Sentence />
      <RingProgress
        size={140}
        thickness={10}
        roundCaps
        sections={[{ value: elapsed, color: 'red.7' }]}
        label={
          <Text fz={36} fw={700} ta="center" aria-hidden>
            {secondsLeft}
          </Text>
        }
      />
      {/* Readable on demand, not announced each second: a screen reader speaking through the
          loudspeaker would be recorded over the student's voice (echo cancellation is off). The
          start is announced once, the end by the upload's status. */}
      <Text role="timer" aria-live="off" aria-atomic fz="sm" c="dimmed">
        {secondsLeft > 0 ? t`Zostało ${secondsLeft} s` : t`Nagrywanie zakończone`}
      </Text>
    </>
  )
}
