import '@mantine/core/styles/Badge.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Badge, Box, VisuallyHidden } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react'
import type { Archive, RecordingStream } from '../../../domain/api/recordings.ts'
import type { RecordingNotice } from '../../../domain/api/room.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage } from '../../api/error-messages.ts'
import {
  recordingKeys,
  recordingsQuery,
  selectRecordingStream,
  sendRecordingChunk,
  startRecording,
  stopRecording,
} from '../../api/recordings.ts'
import { reportError } from '../../config/monitoring.ts'
import { formatDuration } from '../../ui/format-duration.ts'
import { type RecordingSources, recordingMimeType } from './call-recorder.ts'
import { type ChunkUploader, createChunkUploader } from './chunk-uploader.ts'
import {
  type GroupRecordingCall,
  GroupRecordingNotice,
  type RoomRecorder,
  startRoomRecorder,
} from './group-recording.tsx'
import './recording-error-messages.ts'

// The recording of the lesson room: the teacher starts and stops it from the toolbar; both parties
// see, all the time, that the lesson is being recorded and for how long, and hear (a live region)
// when it starts and stops. The room (features/lesson-room) renders these parts where they belong;
// src/web/app hands them over.

/** The plain rejections of product-rules.md "Errors", in both languages. */
const failedToStart = msg`Nie udało się rozpocząć nagrywania.`
const failedToSelect = msg`Nie udało się przełączyć nagrywanego obrazu.`
const failedToStop = msg`Nie udało się zakończyć nagrywania. Nagranie zostanie zapisane z tym, co dotarło.`
const uploadStopped = msg`Wysyłanie nagrania przerwało się. Zapisane zostanie to, co już dotarło.`
const cannotRecord = msg`Ta przeglądarka nie potrafi nagrywać lekcji. Użyj aktualnej przeglądarki Chrome, Edge lub Firefox.`

/** What the room tells its recording about the call. */
export type RoomRecordingCall = RecordingSources & {
  /** The other party shares its screen (what the recording then shows). */
  remoteSharing: boolean
}

export type RoomRecordingEvents = {
  /** Recording notices from the room's socket, and `welcome` when the socket is back in the room. */
  subscribe(listener: (event: RecordingNotice | 'welcome') => void): () => void
}

export type RoomRecordingProps = {
  lessonId: string
  role: 'student' | 'teacher'
  otherName: string
  call: RoomRecordingCall
  /** A group meeting's room: who is present (the recording draws those it names). */
  group?: GroupRecordingCall
  events: RoomRecordingEvents
  children: ReactNode
}

type Active = {
  archiveId: string
  stream: RecordingStream
  since: number
  /** A group meeting's: the students it records (for a student, only whether they are); null unknown. */
  recorded: readonly string[] | null
}

type RecordingState = {
  lessonId: string
  otherName: string
  /** The call's streams as they are now. */
  call: RoomRecordingCall
  role: 'student' | 'teacher'
  group: GroupRecordingCall | undefined
  active: Active | null
  /** This tab records and sends. */
  mine: boolean
  busy: boolean
  problem: MessageDescriptor | null
  announcement: string
  start(): void
  stop(): void
  dismiss(): void
  /** Shows why something of the room's media failed (a capture, a voice clip), until dismissed. */
  report(problem: MessageDescriptor): void
}

const RecordingContext = createContext<RecordingState | null>(null)

export function useRecordingState(): RecordingState {
  const state = useContext(RecordingContext)
  if (!state) throw new Error('RecordingStatus and RecordingControl belong inside RoomRecording')
  return state
}

/** The server's own words for a refusal it explains, else the text `fallback` (product-rules.md "Errors"). */
export const messageOf = (error: unknown, fallback: MessageDescriptor): MessageDescriptor =>
  error instanceof ApiError && error.kind === 'http' && error.code && !error.isServerError
    ? apiErrorMessage(error)
    : fallback

/** A chunk refused because the lesson's or the teacher's day of recordings is full. */
const recordingFull = (error: unknown) =>
  error instanceof ApiError && (error.code === 'recording_lesson_full' || error.code === 'recording_day_full')

/** Holds the recording's state around the room (one per room). */
export function RoomRecording({
  lessonId,
  role,
  otherName,
  call,
  group,
  events,
  children,
}: RoomRecordingProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const list = useQuery(recordingsQuery(lessonId))
  const [active, setActive] = useState<Active | null>(null)
  const [mine, setMine] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<MessageDescriptor | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const recorder = useRef<RoomRecorder | null>(null)
  const uploader = useRef<ChunkUploader | null>(null)
  /** The audio-only track's uploader (the lesson recap's), beside the video's. */
  const audioUploader = useRef<ChunkUploader | null>(null)
  /** This tab started the recording (with Vonage there is no recorder here, but it is still ours). */
  const startedHere = useRef(false)
  /** The recording is Vonage's: its archive takes only the streams add_stream names. */
  const [inCloud, setInCloud] = useState(false)
  const callRef = useRef(call)
  callRef.current = call
  const groupRef = useRef(group)
  groupRef.current = group
  const inGroup = group !== undefined

  // What the server says of the lesson's recordings (at the start, and after each reconnection).
  useEffect(() => {
    // While this tab starts or stops a recording, its own state is newer than the list.
    if (!list.data || mine || busy) return
    const recording = list.data.find((archive) => archive.status === 'recording')
    setActive(
      recording
        ? {
            archiveId: recording.id,
            stream: recording.stream_id,
            since: Date.parse(recording.started_at),
            recorded: recording.recorded_user_ids,
          }
        : null,
    )
  }, [list.data, mine, busy])

  useEffect(
    () =>
      events.subscribe((event) => {
        if (event === 'welcome') {
          void queryClient.invalidateQueries({ queryKey: recordingKeys.list(lessonId) })
          return
        }
        if (event.state === 'started') {
          setActive((was) =>
            was?.archiveId === event.archive_id
              ? { ...was, stream: event.stream_id }
              : { archiveId: event.archive_id, stream: event.stream_id, since: Date.now(), recorded: null },
          )
          // A group recording's list says whom it records (the notice, to the whole room, does not).
          if (inGroup) void queryClient.invalidateQueries({ queryKey: recordingKeys.list(lessonId) })
          setAnnouncement((was) =>
            was.startsWith('●')
              ? was
              : role === 'teacher'
                ? t`● Nagrywanie lekcji rozpoczęte`
                : t`● ${otherName} nagrywa lekcję`,
          )
        } else {
          setActive(null)
          setAnnouncement(t`Nagrywanie lekcji zakończone`)
          void queryClient.invalidateQueries({ queryKey: recordingKeys.list(lessonId) })
        }
      }),
    [events, lessonId, otherName, queryClient, role, t, inGroup],
  )

  const finish = useCallback(async () => {
    const running = recorder.current
    const sending = uploader.current
    const sendingAudio = audioUploader.current
    recorder.current = null
    startedHere.current = false
    if (running) await running.stop()
    // The last chunks, which the recorders hand over on stop, go before the stop call.
    await Promise.all([sending?.flush(60_000), sendingAudio?.flush(60_000)])
    sending?.close()
    sendingAudio?.close()
    uploader.current = null
    audioUploader.current = null
    setMine(false)
  }, [])

  /** The browser records the call and sends it in chunks (protocol §6). */
  const recordHere = async (archiveId: string, recorded: readonly string[] | null) => {
    const sending = createChunkUploader({
      send: (seq, bytes, signal) => sendRecordingChunk(archiveId, seq, bytes, signal),
      // A chunk over the school's disk for recordings is refused with words of its own (pl/en).
      onFailed: (error) => setProblem(recordingFull(error) ? messageOf(error, uploadStopped) : uploadStopped),
    })
    uploader.current = sending
    // Without its audio track the recording is still kept: only its lesson recap is not made.
    const sendingAudio = createChunkUploader({
      send: (seq, bytes, signal) => sendRecordingChunk(archiveId, seq, bytes, signal, 'audio'),
      onFailed: (error) => reportError(error, { recordingTrack: 'audio' }),
    })
    audioUploader.current = sendingAudio
    const inRoom = groupRef.current
    try {
      recorder.current = startRoomRecorder(
        callRef.current,
        inRoom ? { call: inRoom, recorded: recorded ?? [] } : null,
        {
          onChunk: (bytes) => sending.push(bytes),
          onError: () => setProblem(uploadStopped),
          audio: {
            onChunk: (bytes) => sendingAudio.push(bytes),
            onError: (error) => reportError(error, { recordingTrack: 'audio' }),
          },
        },
      )
    } catch (error) {
      sending.close()
      sendingAudio.close()
      uploader.current = null
      audioUploader.current = null
      await stopRecording(lessonId).catch(() => undefined)
      throw error
    }
  }

  const start = async () => {
    if (busy || active) return
    setProblem(null)
    if (!recordingMimeType()) {
      setProblem(cannotRecord)
      return
    }
    setBusy(true)
    try {
      const archive = await startRecording(lessonId)
      // A Vonage lesson is recorded in Vonage's cloud; this tab records and sends nothing.
      if (archive.recorded_by === 'browser') await recordHere(archive.id, archive.recorded_user_ids)
      setInCloud(archive.recorded_by === 'vonage')
      startedHere.current = true
      setMine(true)
      setActive({
        archiveId: archive.id,
        stream: archive.stream_id,
        since: Date.parse(archive.started_at),
        recorded: archive.recorded_user_ids,
      })
      setAnnouncement(t`● Nagrywanie lekcji rozpoczęte`)
    } catch (error) {
      setProblem(messageOf(error, failedToStart))
    } finally {
      setBusy(false)
    }
  }

  const stop = async () => {
    if (busy || !active) return
    setBusy(true)
    setProblem(null)
    try {
      await finish()
      const stopped = await stopRecording(lessonId)
      // The list learns of it at once: a copy fetched while it recorded must not show it again.
      queryClient.setQueryData(recordingKeys.list(lessonId), (list: Archive[] | undefined) =>
        list ? [stopped, ...list.filter((archive) => archive.id !== stopped.id)] : list,
      )
      setActive(null)
      setAnnouncement(t`Nagrywanie lekcji zakończone`)
    } catch (error) {
      // Already stopped by the server (the room closed): nothing is lost.
      if (!(error instanceof ApiError && error.code === 'recording_not_active')) {
        setProblem(messageOf(error, failedToStop))
      }
      setActive(null)
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: recordingKeys.list(lessonId) })
    }
  }

  // The call's streams change (a reconnection, a device, a shared screen): the recorder follows.
  const { localVideo, localAudio, remote, sharingScreen, remoteSharing } = call
  useEffect(() => {
    recorder.current?.follow({ localVideo, localAudio, remote, sharingScreen }, group)
  }, [localVideo, localAudio, remote, sharingScreen, group])

  // add_stream: the recording shows the shared screen while one is shared.
  const stream: RecordingStream = sharingScreen || remoteSharing ? 'screen' : 'camera'
  const activeStream = active?.stream
  useEffect(() => {
    if (!mine || !activeStream || activeStream === stream) return
    selectRecordingStream(lessonId, stream).then(
      () => setActive((was) => (was ? { ...was, stream } : was)),
      (error: unknown) => setProblem(messageOf(error, failedToSelect)),
    )
  }, [mine, activeStream, stream, lessonId])

  // Vonage's manual stream mode archives only the streams named when add_stream was called, so a
  // stream published since (a camera turned on again, a party who joined) is named by calling it
  // again with the same choice.
  useEffect(() => {
    if (!mine || !inCloud || !activeStream || (!localVideo && !remote)) return
    selectRecordingStream(lessonId, activeStream).catch((error: unknown) =>
      setProblem(messageOf(error, failedToSelect)),
    )
  }, [mine, inCloud, activeStream, localVideo, remote, lessonId])

  // Leaving the room stops this tab's recording; closing the tab is caught by the server (60 s).
  useEffect(() => {
    if (!mine) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [mine])
  useEffect(
    () => () => {
      if (!startedHere.current) return
      void finish().then(() => stopRecording(lessonId).catch(() => undefined))
    },
    [finish, lessonId],
  )

  const state: RecordingState = {
    lessonId,
    otherName,
    call,
    role,
    group,
    active,
    mine,
    busy,
    problem,
    announcement,
    start: () => void start(),
    stop: () => void stop(),
    dismiss: () => setProblem(null),
    report: setProblem,
  }
  return <RecordingContext.Provider value={state}>{children}</RecordingContext.Provider>
}

/** "● Nagrywanie 3:12" while the lesson is recorded, for both parties; the spoken notices. */
export function RecordingStatus() {
  const { t } = useLingui()
  const { active, announcement, role, group } = useRecordingState()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {active && (
        <Badge
          color="red.7"
          variant="filled"
          size="lg"
          radius="sm"
          data-testid="recording-status"
          leftSection={
            <Box component="span" w={8} h={8} bg="white" style={{ borderRadius: 999 }} aria-hidden />
          }
          title={role === 'student' ? t`Lektor nagrywa tę lekcję` : undefined}
        >
          {active.stream === 'screen' ? t`Nagrywanie ekranu` : t`Nagrywanie`}{' '}
          {formatDuration(now - active.since)}
        </Badge>
      )}
      {active && group && <GroupRecordingNotice group={group} recorded={active.recorded} role={role} />}
    </>
  )
}
