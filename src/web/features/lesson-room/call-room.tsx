import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Box, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconClockCheck, IconDoorExit, IconStar } from '@tabler/icons-react'
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react'
import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { formatPolandTime } from '../../../domain/poland-time.ts'
import { usePageTitle } from '../../ui/use-page-title.ts'
import type { CallSession } from './call/call-session.ts'
import type { MediaKind } from './call/peer-link.ts'
import { CallControls } from './call-controls.tsx'
import { CallStage } from './call-stage.tsx'
import { PhaseStatus, QualityIndicator } from './call-status.tsx'
import { ChatPanel } from './chat-panel.tsx'
import type { RoomEvents } from './room-events.ts'
import { canShareScreen } from './screen-share.ts'
import { TimeLeft } from './time-left.tsx'
import { useCall } from './use-call.ts'
import type { LessonChat } from './use-lesson-chat.ts'

/** The lesson's dialogs the room opens (materials, absence), wired in by src/web/app. */
export type RoomDialogs = {
  materials: (lesson: Lesson, onClose: () => void) => ReactNode
  absence: (lesson: Lesson, onClose: () => void, onReported: () => void) => ReactNode
  canReportAbsence: (lesson: Lesson) => boolean
  /**
   * RateLesson (product-rules.md "Ratings"), offered once the lesson's time is up: asked only then,
   * so the lesson is taken as finished.
   */
  rate: (lesson: Lesson, onClose: () => void) => ReactNode
  canRate: (lesson: Lesson) => boolean
  /** The lesson's recording (features/recordings). */
  recording: RoomRecordingParts
}

/** What the room hands its recording of the call. */
export type RoomRecordingCall = {
  localVideo: MediaStream | null
  localAudio: MediaStreamTrack | null
  remote: MediaStream | null
  sharingScreen: boolean
  remoteSharing: boolean
}

/** A group meeting's members as its recording needs them (it draws those it names). */
export type RoomRecordingGroup = {
  me: string
  members: {
    user_id: string
    name: string
    role: Role
    stream: MediaStream | null
    screen: MediaStream | null
  }[]
}

/** The recording's parts the room places: around it, beside its clock, above the stage, in the toolbar. */
export type RoomRecordingParts = {
  Room: ComponentType<{
    lessonId: string
    role: Role
    otherName: string
    call: RoomRecordingCall
    /** The group room's members. */
    group?: RoomRecordingGroup
    events: Pick<RoomEvents, 'subscribe'>
    children: ReactNode
  }>
  Status: ComponentType
  Problem: ComponentType
  Control: ComponentType
}

type Props = {
  lesson: Lesson
  role: Role
  session: CallSession
  chat: LessonChat
  events: RoomEvents
  dialogs: RoomDialogs
}

/** Whether the instant `iso` has passed, turning true when it does. */
export function usePassed(iso: string): boolean {
  const at = Date.parse(iso)
  const [passed, setPassed] = useState(() => Date.now() >= at)
  useEffect(() => {
    if (passed) return
    const timer = setTimeout(() => setPassed(true), Math.max(0, at - Date.now()))
    return () => clearTimeout(timer)
  }, [at, passed])
  return passed
}

/** The room: a dark stage, the toolbar below, the chat beside (or below on a phone). */
export function CallRoom({ lesson, role, session, chat, events, dialogs }: Props) {
  const { t } = useLingui()
  usePageTitle(t`Lekcja wideo`)
  const call = useCall(session)
  // Read at once, not after a first render: on a phone the stage comes first, the chat on demand.
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false })
  // A phone or tablet: no hovering pointer, only a finger.
  const touchOnly = useMediaQuery('(hover: none) and (pointer: coarse)', undefined, {
    getInitialValueInEffect: false,
  })
  const [chatOpen, setChatOpen] = useState(wide)
  const [dialog, setDialog] = useState<'materials' | 'absence' | 'rate' | null>(null)
  const timeUp = usePassed(lesson.ends_at)
  const canRate = timeUp && dialogs.canRate(lesson)
  const [absenceReported, setAbsenceReported] = useState(false)
  const leaveRef = useRef<HTMLButtonElement>(null)
  const seen = useRef(chat.messages.length)
  if (chatOpen) seen.current = chat.messages.length
  const unread = Math.max(0, chat.messages.length - seen.current)

  useEffect(() => {
    // After an absence report "elsewhere it activates the leave-class control" (product-rules.md
    // "Absence reports"): the focus goes to Leave once the dialog has given it back.
    if (!absenceReported || dialog !== null) return
    const timer = setTimeout(() => leaveRef.current?.focus(), 50)
    return () => clearTimeout(timer)
  }, [absenceReported, dialog])

  const fail = (what: string) => (error: unknown) => console.warn(`The room could not ${what}`, error)
  const actions = {
    toggleMicrophone: () =>
      void session.setMicrophone(!call.microphoneOn).catch(fail('switch the microphone')),
    toggleCamera: () => void session.setCamera(!call.cameraOn).catch(fail('switch the camera')),
    toggleScreenShare: () =>
      void (call.sharingScreen ? session.stopScreenShare() : session.startScreenShare()).catch(
        fail('share the screen'),
      ),
    switchDevice: (kind: MediaKind, id: string) =>
      void session.switchDevice(kind, id).catch(fail('switch a device')),
    toggleChat: () => setChatOpen((open) => !open),
    openMaterials: () => setDialog('materials'),
    reportAbsence: () => setDialog('absence'),
    leave: () => session.leave(),
  }
  const devices = {
    audio: call.localStream?.getAudioTracks()[0]?.getSettings().deviceId,
    video: call.localStream?.getVideoTracks()[0]?.getSettings().deviceId,
  }
  const chatBox = (
    <Paper bg="dark.7" radius="md" p="sm" w={wide ? 340 : '100%'} style={{ flexShrink: 0 }}>
      <ChatPanel chat={chat} role={role} otherName={lesson.fullName} dark height={wide ? '100%' : 320} />
    </Paper>
  )

  const {
    Room: Recording,
    Status: RecordingStatus,
    Problem: RecordingProblem,
    Control: RecordingControl,
  } = dialogs.recording
  const recordingCall: RoomRecordingCall = {
    localVideo: call.localStream,
    localAudio: call.localAudio,
    remote: call.remoteStream,
    sharingScreen: call.sharingScreen,
    remoteSharing: call.remote.media?.screen === true,
  }

  return (
    <Recording
      lessonId={lesson.id}
      role={role}
      otherName={lesson.fullName}
      call={recordingCall}
      events={events}
    >
      <Paper bg="dark.8" radius="lg" p={{ base: 'xs', sm: 'md' }} c="gray.0" data-testid="lesson-room">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0}>
              <Text fw={650} size="lg" component="h1" m={0}>
                {lesson.fullName}
              </Text>
              <PhaseStatus phase={call.phase} otherName={lesson.fullName} />
            </Stack>
            <Group gap="sm">
              <RecordingStatus />
              <TimeLeft startsAt={lesson.scheduled_at} endsAt={lesson.ends_at} />
              {/* The numbers of a call that is not connected are stale. */}
              <QualityIndicator stats={call.phase === 'connected' ? call.stats : null} />
            </Group>
          </Group>
          {timeUp && (
            <LessonTimeUp
              closesAt={call.closesAt}
              onRate={canRate ? () => setDialog('rate') : null}
              onLeave={() => session.leave()}
            />
          )}
          <RecordingProblem />
          {absenceReported && (
            <Alert color="orange" variant="light" role="status">
              <Trans>Nieobecność zgłoszona. Możesz opuścić lekcję przyciskiem „Opuść lekcję”.</Trans>
            </Alert>
          )}
          <Group
            align="stretch"
            gap="sm"
            wrap="nowrap"
            // The time-up bar takes a row of its own: the toolbar stays in view below the stage.
            h={wide ? `calc(100dvh - ${timeUp ? 380 : 300}px)` : undefined}
            mih={wide ? 420 : undefined}
          >
            <Box
              style={{
                flex: 1,
                minWidth: 0,
                aspectRatio: wide ? undefined : '3 / 4',
                maxHeight: wide ? undefined : '62dvh',
              }}
            >
              <CallStage
                call={call}
                otherName={lesson.fullName}
                otherImage={(role === 'student' ? lesson.teacher : lesson.student).image_url}
              />
            </Box>
            {wide && chatOpen && chatBox}
          </Group>
          <CallControls
            call={call}
            actions={actions}
            devices={devices}
            canShareScreen={canShareScreen(
              typeof navigator === 'undefined' ? undefined : navigator,
              touchOnly,
            )}
            chatOpen={chatOpen}
            unread={unread}
            canReportAbsence={dialogs.canReportAbsence(lesson)}
            leaveRef={leaveRef}
            recordControl={<RecordingControl />}
          />
          {!wide && chatOpen && chatBox}
        </Stack>
        {dialog === 'materials' && dialogs.materials(lesson, () => setDialog(null))}
        {dialog === 'rate' && dialogs.rate(lesson, () => setDialog(null))}
        {dialog === 'absence' &&
          dialogs.absence(
            lesson,
            () => setDialog(null),
            () => setAbsenceReported(true),
          )}
      </Paper>
    </Recording>
  )
}

type TimeUpProps = { closesAt: string | null; onRate: (() => void) | null; onLeave: () => void }

/**
 * The lesson's time is up; the room stays open until the join window ends (product-rules.md "Join
 * window").
 */
export function LessonTimeUp({ closesAt, onRate, onLeave }: TimeUpProps) {
  const closing = closesAt ? formatPolandTime(new Date(closesAt)) : null
  return (
    <Paper bg="indigo.8" c="white" radius="md" px="md" py="sm" role="status" data-testid="lesson-time-up">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconClockCheck size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={0}>
            <Text fw={650}>
              <Trans>Czas lekcji minął</Trans>
            </Text>
            <Text size="sm">
              {closing ? (
                <Trans>Dziękujemy za lekcję! Pokój zamknie się o {closing}.</Trans>
              ) : (
                <Trans>Dziękujemy za lekcję!</Trans>
              )}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm">
          {onRate && (
            <Button
              color="white"
              c="indigo.8"
              leftSection={<IconStar size={16} aria-hidden />}
              onClick={onRate}
            >
              <Trans>Oceń lekcję</Trans>
            </Button>
          )}
          <Button
            variant="outline"
            color="white"
            leftSection={<IconDoorExit size={16} aria-hidden />}
            onClick={onLeave}
          >
            <Trans>Opuść lekcję</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  )
}
