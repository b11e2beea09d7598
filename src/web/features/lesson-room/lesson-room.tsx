import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { RoomToken } from '../../../domain/api/room.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage } from '../../api/error-messages.ts'
import { fetchRoomToken, reportInteraction } from '../../api/lesson-room.ts'
import { lessonKeys } from '../../api/lessons.ts'
import { getSession } from '../../api/session.ts'
import { showToast } from '../../ui/toast.ts'
import { createCall, UnsupportedProvider } from './call/call-provider.ts'
import type { CallContext, CallSession, Cancellation } from './call/call-session.ts'
import type { MediaKind } from './call/peer-link.ts'
import { RoomRefused } from './call/signalling-socket.ts'
import { CallRoom, type RoomDialogs } from './call-room.tsx'
import type { GroupCall } from './group/group-call.ts'
import { Lobby } from './lobby.tsx'
import { RoomEnded } from './room-ended.tsx'
import { createRoomEvents, type RoomEvents } from './room-events.ts'
import './group-room-error-messages.ts'
import { useCall } from './use-call.ts'
import { type LessonChat, useLessonChat } from './use-lesson-chat.ts'

/** The "failed to load token" of product-rules.md "Errors". */
const tokenFailed: MessageDescriptor = msg`Nie udało się pobrać tokenu lekcji.`
const providerMissing: MessageDescriptor = msg`Ten rodzaj lekcji wideo nie jest jeszcze dostępny.`

/** Why the room cannot be entered, in words. */
function refusalMessage(error: unknown): MessageDescriptor {
  if (error instanceof UnsupportedProvider) return providerMissing
  if (isFinal(error)) return apiErrorMessage(error)
  return tokenFailed
}

/** A token answer that will not change by asking again (not a party, cancelled, window shut). */
const isFinal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.kind === 'http' && !error.isServerError

type Props = { lesson: Lesson; role: Role; dialogs: RoomDialogs }

/** A group meeting's call and its screen, from the group room's own chunk. */
type GroupEntered = { call: GroupCall; Room: typeof import('./group/group-room.tsx').GroupRoom }

/** The lobby, then the call; after the call, what ended it. */
export function LessonRoom({ lesson, role, dialogs }: Props) {
  const [session, setSession] = useState<CallSession | null>(null)
  const [group, setGroup] = useState<GroupEntered | null>(null)
  const [joining, setJoining] = useState(false)
  const [joinError, setJoinError] = useState<MessageDescriptor | null>(null)
  const chat = useLessonChat(lesson.id, session !== null || group !== null)
  const [events] = useState(createRoomEvents)
  const { t } = useLingui()
  const queryClient = useQueryClient()
  /** The room's lesson again: its voice clips (their count on the toolbar, their list). */
  const refreshLesson = () => void queryClient.invalidateQueries({ queryKey: lessonKeys.detail(lesson.id) })

  useEffect(() => () => session?.leave(), [session])
  useEffect(() => () => group?.call.leave(), [group])

  /** Resolves false when the room could not be entered; the lobby keeps its media then. */
  const join = async (tracks: Partial<Record<MediaKind, MediaStreamTrack | null>>): Promise<boolean> => {
    setJoining(true)
    setJoinError(null)
    try {
      const first: RoomToken = await fetchRoomToken(lesson.id)
      const ctx: CallContext = {
        lessonId: lesson.id,
        session: () => getSession()?.token ?? null,
        fetchToken: (signal) =>
          fetchRoomToken(lesson.id, signal).catch((error: unknown) => {
            throw isFinal(error) ? new RoomRefused(error) : error
          }),
        report: (kind) => reportInteraction(lesson.id, kind),
        onChat: chat.pushed,
        onWelcome: () => {
          chat.refresh()
          refreshLesson()
          events.emit('welcome')
        },
        onRecording: events.emit,
        onVoiceClip: () => {
          refreshLesson()
          // The teacher hears of the student's clip as it arrives, not only by opening the list.
          if (role === 'teacher') {
            const name = lesson.fullName
            showToast({ color: 'blue', autoClose: 6000, message: t`Nowe nagranie głosu: ${name}` })
          }
        },
        tracks,
        devices: navigator.mediaDevices,
      }
      if (first.provider === 'janus' || first.provider === 'mesh' || first.provider === 'vonage-group') {
        // A group meeting: its room is a chunk of its own, fetched only now.
        const { startGroupCall, GroupRoom } = await import('./group/group-room.tsx')
        setGroup({ call: startGroupCall(first, ctx), Room: GroupRoom })
        return true
      }
      const call = createCall(first, ctx)
      call.join()
      setSession(call)
      return true
    } catch (error) {
      setJoinError(refusalMessage(error))
      return false
    } finally {
      setJoining(false)
    }
  }

  // A lesson cancelled before this opening (the address kept, a reload): no lobby, no Join.
  if (!session && lesson.status === 'cancelled') {
    const cancellation: Cancellation = {
      by: lesson.cancelled_by_role ?? 'school',
      reason: lesson.cancellation_reason,
    }
    return (
      <RoomEnded
        end="cancelled"
        detail={null}
        onRejoin={null}
        cancellation={cancellation}
        role={role}
        otherName={lesson.fullName}
      />
    )
  }
  if (group) {
    return (
      <group.Room
        call={group.call}
        events={events}
        chat={chat}
        lesson={lesson}
        role={role}
        dialogs={dialogs}
        onRejoin={() => setGroup(null)}
      />
    )
  }
  if (!session) {
    return (
      <Lobby lesson={lesson} role={role} chat={chat} onJoin={join} joining={joining} joinError={joinError} />
    )
  }
  return (
    <ActiveCall
      lesson={lesson}
      role={role}
      session={session}
      chat={chat}
      events={events}
      dialogs={dialogs}
      onRejoin={() => setSession(null)}
    />
  )
}

type ActiveProps = Props & {
  session: CallSession
  chat: LessonChat
  events: RoomEvents
  onRejoin: () => void
}

function ActiveCall({ lesson, role, session, chat, events, dialogs, onRejoin }: ActiveProps) {
  const call = useCall(session)
  const queryClient = useQueryClient()
  const [rating, setRating] = useState(false)
  const over = call.end === 'cancelled' || call.end === 'window_ended'
  // The lesson changed under the room (cancelled, or over): my-lessons must not offer Join again.
  useEffect(() => {
    if (over) void queryClient.invalidateQueries({ queryKey: lessonKeys.all })
  }, [over, queryClient])
  if (!call.end)
    return (
      <CallRoom lesson={lesson} role={role} session={session} chat={chat} events={events} dialogs={dialogs} />
    )
  const detail = call.end === 'refused' ? refusalMessage(call.refusal) : null
  const canRejoin = call.end === 'left' || call.end === 'replaced'
  const rate = endedRating(lesson, call.end, dialogs)
  return (
    <>
      <RoomEnded
        end={call.end}
        detail={detail}
        onRejoin={canRejoin ? onRejoin : null}
        cancellation={call.cancellation}
        role={role}
        otherName={lesson.fullName}
        onRate={rate ? () => setRating(true) : null}
      />
      {rating && rate?.(() => setRating(false))}
    </>
  )
}

/** After the lesson's time, the student may rate it from the ended room. */
function endedRating(
  lesson: Lesson,
  end: string,
  dialogs: RoomDialogs,
): ((onClose: () => void) => ReactNode) | null {
  if (end === 'cancelled' || end === 'refused' || Date.now() < Date.parse(lesson.ends_at)) return null
  return dialogs.canRate(lesson) ? (onClose) => dialogs.rate(lesson, onClose) : null
}
