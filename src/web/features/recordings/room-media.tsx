import '@mantine/core/styles/Indicator.css'
import '@mantine/core/styles/Progress.css'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Indicator, Progress, Stack, Text } from '@mantine/core'
import { IconMicrophone2, IconPlayerStopFilled, IconScreenshot, IconWaveform } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { VOICE_CLIP_MAX_SECONDS } from '../../../domain/api/recordings.ts'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import { uploadLessonImage, uploadVoiceRecording } from '../../api/lesson-media.ts'
import { lessonKeys } from '../../api/lessons.ts'
import { useLesson } from '../../api/my-lessons.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { ControlButton } from '../../ui/control-button.tsx'
import { showToast } from '../../ui/toast.ts'
import { VoiceClipList } from '../../ui/voice-clip-list.tsx'
import { liveVideo } from './call-recorder.ts'
import { RecordingControl } from './recording-control.tsx'
import { messageOf, useRecordingState } from './room-recording.tsx'

// The room's other media: either party captures the other's picture (or the shared screen) into the
// lesson's materials; the student records short voice clips that both replay.

/** "failed to capture screenshot", "failed to send audio" (product-rules.md "Errors"). */
const failedToCapture = msg`Nie udało się zapisać zrzutu ekranu.`
const nothingToCapture = msg`Nie ma jeszcze obrazu do zapisania.`
const failedToSend = msg`Nie udało się wysłać nagrania.`

const VOICE_TYPES = ['audio/webm;codecs=opus', 'audio/webm']
const voiceMimeType = () =>
  typeof MediaRecorder === 'undefined'
    ? null
    : (VOICE_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null)

/** One frame of `stream` as a JPEG, at the picture's own size. */
async function captureFrame(stream: MediaStream): Promise<Blob> {
  const video = document.createElement('video')
  video.muted = true
  video.playsInline = true
  video.srcObject = stream
  try {
    await video.play()
    if (!video.videoWidth) {
      await new Promise((resolve, reject) => {
        video.addEventListener('loadeddata', resolve, { once: true })
        setTimeout(() => reject(new Error('no frame')), 3000)
      })
    }
    const canvas = document.createElement('canvas')
    canvas.width = video.videoWidth
    canvas.height = video.videoHeight
    canvas.getContext('2d')?.drawImage(video, 0, 0)
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no JPEG'))), 'image/jpeg', 0.92),
    )
  } finally {
    video.srcObject = null
  }
}

const stamp = (at: Date) => `${formatPolandDate(at)} ${formatPolandTime(at).replace(':', '.')}`

/** The toolbar's capture control: the other's picture, or this side's shared screen, into the materials. */
export function CaptureControl() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const { lessonId, call, report } = useRecordingState()
  const [busy, setBusy] = useState(false)
  const capture = async () => {
    const source = call.sharingScreen ? call.localVideo : call.remote
    if (!source || !liveVideo(source)) {
      report(nothingToCapture)
      return
    }
    setBusy(true)
    try {
      const frame = await captureFrame(source).catch(() => {
        throw new Error('capture')
      })
      const name = `${t`Zrzut ekranu`} ${stamp(new Date())}.jpg`
      await uploadLessonImage(lessonId, new File([frame], name, { type: 'image/jpeg' }))
      void queryClient.invalidateQueries({ queryKey: lessonKeys.all })
      showToast({ color: 'green', message: t`Zrzut ekranu zapisany w materiałach lekcji`, autoClose: 3000 })
    } catch (error) {
      report(messageOf(error, failedToCapture))
    } finally {
      setBusy(false)
    }
  }
  // A screenshot's frame, not a camera: the camera control beside it is a camera.
  return (
    <ControlButton
      label={t`Zrzut ekranu do materiałów`}
      short={t`Zrzut`}
      onClick={() => void capture()}
      loading={busy}
      icon={<IconScreenshot size={22} aria-hidden />}
      data-testid="capture-control"
    />
  )
}

/**
 * The toolbar's voice-clip control: the student records, both listen. It carries the clips' count,
 * which grows as the room's socket tells of a new one (lesson-room.tsx refetches the lesson).
 */
export function VoiceClipControl() {
  const { t } = useLingui()
  const { role, lessonId } = useRecordingState()
  const [open, setOpen] = useState(false)
  const count = useLesson(lessonId).data?.voice_recordings.length ?? 0
  const control = role === 'student' ? t`Nagraj wypowiedź` : t`Nagrania głosu kursanta`
  const label = count > 0 ? t`${control} (nagrania: ${count})` : control
  // A waveform, not a microphone: the microphone control mutes the call.
  return (
    <>
      <ControlButton
        label={label}
        short={role === 'student' ? t`Wypowiedź` : t`Nagrania`}
        onClick={() => setOpen(true)}
        icon={
          <Indicator label={count} size={18} color="red" disabled={count === 0} offset={2}>
            <IconWaveform size={22} aria-hidden />
          </Indicator>
        }
        data-testid="voice-clip-control"
      />
      {open && <VoiceClipsDialog onClose={() => setOpen(false)} />}
    </>
  )
}

/** A recorded clip before it is sent; `ms` its length as recorded here. */
type Take = { blob: Blob; url: string; ms: number }

function VoiceClipsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const { lessonId, role, otherName } = useRecordingState()
  // A new clip of the student reaches the teacher through the room's socket (lesson-room.tsx).
  const lesson = useLesson(lessonId)
  const clips = lesson.data?.voice_recordings ?? []
  const title = role === 'student' ? t`Nagraj wypowiedź` : t`Nagrania głosu: ${otherName}`
  return (
    <AppDialog opened onClose={onClose} title={title} variant="shared">
      <Stack gap="md">
        {role === 'student' && <VoiceClipRecorder onSent={() => void lesson.refetch()} />}
        <Stack gap="xs">
          <Text fw={600} size="sm">
            <Trans>Nagrania z tej lekcji</Trans>
          </Text>
          {lesson.isPending ? (
            <Text size="sm" c="dimmed">
              <Trans>Wczytywanie…</Trans>
            </Text>
          ) : clips.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>Nie ma jeszcze nagrań głosu.</Trans>
            </Text>
          ) : (
            <VoiceClipList clips={clips} />
          )}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Zamknij</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}

/** Records a clip from the student's microphone, plays it back, sends it with progress. */
function VoiceClipRecorder({ onSent }: { onSent: () => void }) {
  const { t } = useLingui()
  const { lessonId, call } = useRecordingState()
  const [phase, setPhase] = useState<'idle' | 'recording' | 'recorded' | 'sending'>('idle')
  const [seconds, setSeconds] = useState(0)
  const [take, setTake] = useState<Take | null>(null)
  const [progress, setProgress] = useState(0)
  const [problem, setProblem] = useState<typeof failedToSend | null>(null)
  const recorder = useRef<MediaRecorder | null>(null)
  const mimeType = voiceMimeType()

  useEffect(() => () => recorder.current?.stop(), [])
  useEffect(() => () => (take ? URL.revokeObjectURL(take.url) : undefined), [take])
  useEffect(() => {
    if (phase !== 'recording') return
    const started = Date.now()
    const timer = setInterval(() => {
      const elapsed = Math.floor((Date.now() - started) / 1000)
      setSeconds(elapsed)
      if (elapsed >= VOICE_CLIP_MAX_SECONDS) recorder.current?.stop()
    }, 250)
    return () => clearInterval(timer)
  }, [phase])

  if (!mimeType || !call.localAudio) {
    return (
      <Alert color="gray" variant="light">
        {call.localAudio ? (
          <Trans>Ta przeglądarka nie potrafi nagrywać dźwięku. Użyj Chrome, Edge lub Firefox.</Trans>
        ) : (
          <Trans>Bez mikrofonu nie można nagrać wypowiedzi.</Trans>
        )}
      </Alert>
    )
  }

  const record = () => {
    if (!call.localAudio) return
    setProblem(null)
    const chunks: Blob[] = []
    const started = Date.now()
    const next = new MediaRecorder(new MediaStream([call.localAudio]), { mimeType })
    next.ondataavailable = (event) => chunks.push(event.data)
    next.onstop = () => {
      const blob = new Blob(chunks, { type: 'audio/webm' })
      setTake({ blob, url: URL.createObjectURL(blob), ms: Math.max(1, Date.now() - started) })
      setPhase('recorded')
      recorder.current = null
    }
    recorder.current = next
    next.start()
    setSeconds(0)
    setPhase('recording')
  }

  const send = async () => {
    if (!take) return
    setPhase('sending')
    setProblem(null)
    try {
      const name = `${t`Nagranie głosu`} ${stamp(new Date())}.webm`
      await uploadVoiceRecording(
        lessonId,
        new File([take.blob], name, { type: 'audio/webm' }),
        take.ms,
        (p) => setProgress(p.fraction),
      )
      setTake(null)
      setPhase('idle')
      onSent()
      showToast({
        color: 'green',
        message: t`Nagranie wysłane. Lektor może je posłuchać.`,
        autoClose: 3000,
      })
    } catch (error) {
      setProblem(messageOf(error, failedToSend))
      setPhase('recorded')
    }
  }

  const left = VOICE_CLIP_MAX_SECONDS - seconds
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>
          Nagraj krótką wypowiedź, np. czytany tekst lub odpowiedź na pytanie (do{' '}
          {VOICE_CLIP_MAX_SECONDS / 60} minut). Lektor odsłucha ją i skomentuje w notatkach.
        </Trans>
      </Text>
      {call.localAudio.enabled === false && (
        <Alert color="orange" variant="light">
          <Trans>Twój mikrofon jest wyciszony: włącz go, zanim zaczniesz nagrywać.</Trans>
        </Alert>
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {t(problem)}
        </Alert>
      )}
      {phase === 'recording' ? (
        <Group gap="sm">
          <Button
            color="red"
            leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
            onClick={() => recorder.current?.stop()}
          >
            <Trans>Zakończ nagrywanie</Trans>
          </Button>
          <Text size="sm" role="timer" aria-live="off">
            {t`Nagrywanie: ${seconds} s (zostało ${left} s)`}
          </Text>
        </Group>
      ) : take ? (
        <Stack gap="xs">
          {/* biome-ignore lint/a11y/useMediaCaption: the student's own recording, to hear before sending. */}
          <audio controls src={take.url} aria-label={t`Twoje nagranie`} />
          {phase === 'sending' && <Progress value={progress * 100} aria-label={t`Wysyłanie nagrania`} />}
          <Group gap="sm">
            <Button onClick={() => void send()} loading={phase === 'sending'} data-testid="voice-clip-send">
              <Trans>Wyślij nagranie</Trans>
            </Button>
            <Button variant="default" onClick={() => setTake(null)} disabled={phase === 'sending'}>
              <Trans>Nagraj ponownie</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button
            leftSection={<IconMicrophone2 size={16} aria-hidden />}
            onClick={record}
            data-testid="voice-clip-record"
          >
            <Trans>Nagraj</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/** The room's media controls of the toolbar: record (the teacher), capture, voice clips. */
export function RoomMediaControls() {
  const { group } = useRecordingState()
  // The group room's toolbar takes the recording only (its captures and clips are not the pair's).
  if (group) return <RecordingControl />
  return (
    <>
      <RecordingControl />
      <CaptureControl />
      <VoiceClipControl />
    </>
  )
}
