import '@mantine/core/styles/VisuallyHidden.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/Alert.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Box, Group, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconWifiOff } from '@tabler/icons-react'
import { type ReactNode, useRef, useState } from 'react'
import type { Role } from '../../../../domain/api/common.ts'
import type { Lesson } from '../../../../domain/api/my-lessons.ts'
import type { ChatMessage } from '../../../../domain/api/room.ts'
import { languageLabel } from '../../../ui/language-labels.ts'
import { usePageTitle } from '../../../ui/use-page-title.ts'
import { LessonTimeUp, type RoomDialogs, usePassed } from '../call-room.tsx'
import { ChatPanel } from '../chat-panel.tsx'
import type { RoomEvents } from '../room-events.ts'
import { canShareScreen } from '../screen-share.ts'
import { TimeLeft } from '../time-left.tsx'
import { useRoomAnnouncements } from './group-announcements.ts'
import { GroupAudio } from './group-audio.tsx'
import { GroupControls } from './group-controls.tsx'
import { MeshNotice, MutedNotice, RaisedHands, RemoveDialog, useRaisedHands } from './group-notices.tsx'
import { useGroupRecordingCall } from './group-recording-call.ts'
import { GroupRoomEnded } from './group-room-ended.tsx'
import type { GroupConnection, GroupMember, GroupRoomModel } from './group-room-model.ts'
import { GroupStage } from './group-stage.tsx'
import type { TileModeration } from './group-tile.tsx'

type Props = {
  /** The lesson of the caller's place in the meeting. */
  lesson: Lesson
  role: Role
  model: GroupRoomModel
  dialogs: RoomDialogs
  /** The room socket's recording notices, for the recording's status. */
  events: Pick<RoomEvents, 'subscribe'>
  /** Back into the room after leaving it, while it is open. */
  onRejoin?: () => void
}

/**
 * The group room: the one-to-one room's dark stage, toolbar and chat, with everyone in a grid (a
 * speaker view on phones), the students' hands and the teacher's moderation.
 */
export function GroupRoomScreen({ lesson, role, model, dialogs, events, onRejoin }: Props) {
  const { t, i18n } = useLingui()
  usePageTitle(t`Zajęcia grupowe`)
  // The one-to-one room's breakpoints: the chat beside from 62em, the speaker view below 48em.
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false })
  const compact = !useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false })
  const touchOnly = useMediaQuery('(hover: none) and (pointer: coarse)', undefined, {
    getInitialValueInEffect: false,
  })
  const [chatOpen, setChatOpen] = useState(wide)
  const [dialog, setDialog] = useState<'materials' | 'rate' | null>(null)
  const [removing, setRemoving] = useState<GroupMember | null>(null)
  const stageRef = useRef<HTMLDivElement>(null)
  const microphoneRef = useRef<HTMLButtonElement>(null)
  const timeUp = usePassed(lesson.ends_at)
  const canRate = timeUp && dialogs.canRate(lesson)
  const announcement = useRoomAnnouncements(model.members, model.connection)
  const hands = useRaisedHands(model.members)
  const seen = useRef(model.chat.messages.length)
  if (chatOpen) seen.current = model.chat.messages.length
  const unread = Math.max(0, model.chat.messages.length - seen.current)
  const { me } = model
  const recording = useGroupRecordingCall(me, model.members)

  if (model.ended) return <GroupRoomEnded end={model.ended} role={role} onRejoin={onRejoin} />

  const fail = (what: string) => (error: unknown) => console.warn(`The group room could not ${what}`, error)
  const teacher = role === 'teacher'
  const moderation: TileModeration | null = teacher
    ? { mute: (member) => model.mute(member.user_id), remove: setRemoving }
    : null
  const actions = {
    toggleMicrophone: () => void model.setMicrophone(!me.microphone).catch(fail('switch the microphone')),
    toggleCamera: () => void model.setCamera(!me.camera).catch(fail('switch the camera')),
    switchDevice: (kind: 'audio' | 'video', id: string) =>
      void model.switchDevice(kind, id).catch(fail('switch a device')),
    toggleScreenShare: () => void model.shareScreen(me.screen === null).catch(fail('share the screen')),
    toggleHand: () => model.raiseHand(!me.hand_raised),
    toggleChat: () => setChatOpen((open) => !open),
    openMaterials: () => setDialog('materials'),
    leave: () => model.leave(),
  }
  const devices = {
    audio: me.stream?.getAudioTracks()[0]?.getSettings().deviceId,
    video: me.stream?.getVideoTracks()[0]?.getSettings().deviceId,
  }
  const names = new Map(model.members.map((member) => [member.user_id, member.name]))
  const authorOf = (message: ChatMessage) => ({
    mine: message.author_id === me.user_id,
    name:
      names.get(message.author_id) ??
      (message.author_role === 'teacher' ? t`Osoba prowadząca` : t`Osoba ucząca się`),
  })
  const chatBox = (
    <Paper bg="dark.7" radius="md" p="sm" w={wide ? 340 : '100%'} style={{ flexShrink: 0 }}>
      <ChatPanel
        chat={model.chat}
        role={role}
        otherName={lesson.fullName}
        authorOf={authorOf}
        emptyText={
          <Trans>Nie ma jeszcze wiadomości. Napisz pierwszą — zobaczą ją wszyscy na zajęciach.</Trans>
        }
        dark
        height={wide ? '100%' : 320}
      />
    </Paper>
  )
  const confirmRemoval = () => {
    if (!removing) return
    model.remove(removing.user_id)
    setRemoving(null)
    // The removed tile and its menu go: the focus goes to the stage, after the dialog gives it back.
    setTimeout(() => stageRef.current?.focus(), 50)
  }
  // The bars above the stage (about their heights): the stage gives them room, the toolbar stays in view.
  const bars =
    (timeUp ? 76 : 0) +
    (teacher && hands.length > 0 ? (compact ? 100 : 60) : 0) +
    (teacher && model.mesh ? 96 : 0) +
    (!teacher && me.muted_by_teacher && !me.microphone ? 60 : 0) +
    (model.connection === 'failed' ? 72 : 0)

  const {
    Room: Recording,
    Status: RecordingStatus,
    Problem: RecordingProblem,
    Control: RecordingControl,
  } = dialogs.recording

  return (
    <Recording
      lessonId={lesson.id}
      role={role}
      otherName={lesson.fullName}
      call={recording.call}
      group={recording.group}
      events={events}
    >
      <Paper bg="dark.8" radius="lg" p={{ base: 'xs', sm: 'md' }} c="gray.0" data-testid="group-room">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0}>
              <Text fw={650} size="lg" component="h1" m={0}>
                {/* The class's own title ("Niemiecki w pracy — B1"), else what it is. */}
                {lesson.group?.title ?? (
                  <>
                    <Trans>Zajęcia grupowe</Trans> · {languageLabel(lesson.language, i18n.locale)}
                  </>
                )}
              </Text>
              <ConnectionStatus connection={model.connection} count={model.members.length} />
            </Stack>
            <Group gap="sm">
              <RecordingStatus />
              <TimeLeft startsAt={lesson.scheduled_at} endsAt={lesson.ends_at} />
            </Group>
          </Group>
          <RecordingProblem />
          {timeUp && (
            <LessonTimeUp
              closesAt={model.closesAt ?? null}
              onRate={canRate ? () => setDialog('rate') : null}
              onLeave={() => model.leave()}
            />
          )}
          {model.connection === 'failed' && (
            <Alert color="red" variant="light" icon={<IconWifiOff size={20} aria-hidden />} role="alert">
              <Trans>
                Nie udało się połączyć z pokojem zajęć. Sprawdź połączenie z internetem i odśwież stronę.
              </Trans>
            </Alert>
          )}
          {teacher && model.mesh && <MeshNotice />}
          {!teacher && me.muted_by_teacher && !me.microphone && (
            <MutedNotice
              onUnmute={() => {
                // The notice goes with the click: the focus goes to the microphone, now on.
                microphoneRef.current?.focus()
                void model.setMicrophone(true).catch(fail('switch the microphone'))
              }}
            />
          )}
          {teacher && (
            <RaisedHands
              hands={hands}
              onLowerAll={() => {
                // The bar goes once the hands are down: the focus waits on the stage, not on nothing.
                stageRef.current?.focus()
                model.lowerHands()
              }}
            />
          )}
          {/* The stage takes what the app's bar, the heading, the bars and the toolbar (two rows on a
              phone) leave, so the toolbar stays on the first screen. */}
          <Group
            align="stretch"
            gap="sm"
            wrap="nowrap"
            h={compact ? `calc(100dvh - ${360 + bars}px)` : `calc(100dvh - ${300 + bars}px)`}
            mih={compact ? 280 : 420}
          >
            <Box
              ref={stageRef}
              tabIndex={-1}
              pos="relative"
              style={{ flex: 1, minWidth: 0, outline: 'none' }}
              aria-label={t`Obraz zajęć`}
              role="region"
            >
              <GroupStage
                members={model.members}
                compact={compact}
                moderation={moderation}
                setTileSize={model.setTileSize}
              />
              {model.connection === 'reconnecting' && (
                <StagePill color="orange.2" busy>
                  <Trans>Ponowne łączenie…</Trans>
                </StagePill>
              )}
              {model.connection === 'live' && model.members.length === 1 && (
                <StagePill color="gray.2">
                  <Trans>Czekamy na pozostałe osoby. Możesz już pisać na czacie.</Trans>
                </StagePill>
              )}
            </Box>
            {wide && chatOpen && chatBox}
          </Group>
          <GroupControls
            microphoneRef={microphoneRef}
            me={me}
            role={role}
            actions={actions}
            devices={devices}
            canShareScreen={canShareScreen(
              typeof navigator === 'undefined' ? undefined : navigator,
              touchOnly,
            )}
            chatOpen={chatOpen}
            unread={unread}
            recording={<RecordingControl />}
          />
          {!wide && chatOpen && chatBox}
        </Stack>
        <VisuallyHidden role="status" aria-live="polite" data-testid="room-announcer">
          {announcement}
        </VisuallyHidden>
        <GroupAudio members={model.members} />
        {dialog === 'materials' && dialogs.materials(lesson, () => setDialog(null))}
        {dialog === 'rate' && dialogs.rate(lesson, () => setDialog(null))}
        {removing && (
          <RemoveDialog member={removing} onConfirm={confirmRemoval} onClose={() => setRemoving(null)} />
        )}
      </Paper>
    </Recording>
  )
}

/** The room's link in words: the room itself reconnecting is never the others having left. */
function ConnectionStatus({ connection, count }: { connection: GroupConnection; count: number }) {
  const { t } = useLingui()
  const text = {
    connecting: t`Łączenie z pokojem zajęć…`,
    reconnecting: t`Połączenie przerwane — łączymy ponownie…`,
    failed: t`Brak połączenia z pokojem zajęć`,
    live: plural(count, {
      one: '# osoba na zajęciach',
      few: '# osoby na zajęciach',
      many: '# osób na zajęciach',
      other: '# osoby na zajęciach',
    }),
  }[connection]
  const busy = connection === 'connecting' || connection === 'reconnecting'
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="status"
      aria-live="polite"
      data-testid="group-connection"
      data-connection={connection}
    >
      {busy && <Loader size={14} color="gray.3" aria-hidden />}
      <Text size="sm" c={connection === 'live' ? 'gray.3' : connection === 'failed' ? 'red.3' : 'orange.3'}>
        {text}
      </Text>
    </Group>
  )
}

/** A word over the stage (the room's link coming back, no one here yet); everyone stays in place. */
function StagePill({
  color,
  busy = false,
  children,
}: {
  color: string
  busy?: boolean
  children: ReactNode
}) {
  return (
    <Group
      pos="absolute"
      top={20}
      left={12}
      right={12}
      justify="center"
      style={{ zIndex: 5, pointerEvents: 'none' }}
      // The link's state is said by the heading's status already; the waiting word is read here.
      aria-hidden={busy || undefined}
    >
      <Group
        gap={8}
        wrap="nowrap"
        px={12}
        py={6}
        c={color}
        style={{ borderRadius: 999, background: 'rgba(20,20,24,.86)' }}
      >
        {busy && <Loader size={14} color="orange.3" />}
        <Text size="sm">{children}</Text>
      </Group>
    </Group>
  )
}
