import {
  GROUP_ROOM_CLOSE,
  type GroupServerMessage,
  groupServerMessageSchema,
} from '../../../../domain/api/group-room.ts'
import type { RoomToken } from '../../../../domain/api/room.ts'
import { ProviderChanged, socketAddress } from '../call/builtin-call.ts'
import type { CallContext } from '../call/call-session.ts'
import { LocalTracks } from '../call/local-tracks.ts'
import type { MediaKind } from '../call/peer-link.ts'
import {
  RoomRefused,
  SignallingSocket,
  type SocketEnd,
  type SocketStatus,
} from '../call/signalling-socket.ts'
import type { GroupMedia, GroupToken, MediaFactory, Outgoing } from './group-media.ts'
import { afterFrame, inRoomOrder, type Present, welcomed, withoutLongLost } from './group-presence.ts'
import type {
  GroupConnection,
  GroupMember,
  GroupRoomEnd,
  GroupRoomModel,
  TileSize,
} from './group-room-model.ts'

// The group call (protocol "The group room"): the room's socket with the group's frames — who is
// here, hands, the teacher's moderation, chat, the window's end — and the media (the group
// server's or the mesh), merged into what the group room's screen draws. Independent of React:
// the screen subscribes to its snapshots.

export type GroupView = Omit<GroupRoomModel, 'chat'>

export type GroupEnvironment = {
  createSocket: CallContextSocket
  wakeups: ConstructorParameters<typeof SignallingSocket>[0]['wakeups']
  createStream: (tracks?: MediaStreamTrack[]) => MediaStream
  origin: string
}
type CallContextSocket = ConstructorParameters<typeof SignallingSocket>[0]['createSocket']

const LOST_SWEEP_MS = 5_000

export class GroupCall {
  private view: GroupView
  private readonly listeners = new Set<() => void>()
  private readonly socket: SignallingSocket<GroupServerMessage, Outgoing>
  private readonly local: LocalTracks
  private readonly media: GroupMedia
  private readonly ctx: CallContext
  private readonly env: GroupEnvironment
  private readonly token: GroupToken
  private present: Present[] = []
  private socketStatus: SocketStatus = 'connecting'
  private welcomes = 0
  private failed = false
  private cancellation: { by: 'teacher' | 'school'; message: string | null } | null = null
  private sweep: ReturnType<typeof setInterval> | null = null
  private preview: MediaStream | null = null
  private closesAt: string | null = null
  private screenPreview: MediaStream | null = null

  constructor(first: GroupToken, ctx: CallContext, env: GroupEnvironment, makeMedia: MediaFactory) {
    this.ctx = ctx
    this.env = env
    this.token = first
    this.local = new LocalTracks(ctx.devices, ctx.tracks)
    this.socket = new SignallingSocket<GroupServerMessage, Outgoing>({
      frames: { schema: groupServerMessageSchema, welcome: 'group-welcome' },
      endCodes: [GROUP_ROOM_CLOSE.removed],
      address: async (signal) => this.address(await ctx.fetchToken(signal)),
      session: ctx.session,
      wakeups: env.wakeups,
      createSocket: env.createSocket,
      onFrame: (frame) => this.frame(frame),
      onStatus: (status) => {
        this.socketStatus = status
        this.update()
      },
      onEnd: (end, detail) => this.socketEnded(end, detail),
    })
    this.media = makeMedia(first, {
      send: (frame) => this.socket.send(frame),
      tracks: () => ({ audio: this.local.audio, video: this.local.camera, screen: this.local.screen }),
      onChange: () => this.update(),
    })
    this.view = this.compose()
  }

  getSnapshot = (): GroupView => this.view

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  join(): void {
    this.socket.start()
    this.media.start()
    this.sweep = setInterval(() => this.dropLongLost(), LOST_SWEEP_MS)
  }

  leave = (): void => this.finish({ reason: 'left' })

  setMicrophone = async (on: boolean): Promise<void> => {
    if (on && !this.local.audio) {
      this.local.swap('audio', await this.local.acquire('audio'))
      await this.media.setTrack('audio', this.local.audio)
    }
    if (this.local.audio) this.local.audio.enabled = on
    this.media.microphone(on)
    this.ctx.report(on ? 'microphone_on' : 'microphone_off')
    this.tellState()
  }

  setCamera = async (on: boolean): Promise<void> => {
    this.local.swap('video', on ? await this.local.acquire('video') : null)
    this.preview = null
    await this.media.setTrack('video', this.local.camera)
    this.ctx.report(on ? 'camera_on' : 'camera_off')
    this.tellState()
  }

  switchDevice = async (kind: MediaKind, deviceId: string): Promise<void> => {
    if (kind === 'video' && !this.local.cameraOn) return
    this.local.swap(kind, await this.local.acquire(kind, deviceId))
    if (kind === 'video') this.preview = null
    await this.media.setTrack(kind, kind === 'audio' ? this.local.audio : this.local.camera)
    this.update()
  }

  shareScreen = async (on: boolean): Promise<void> => {
    if (!on) {
      await this.stopScreen()
      return
    }
    const getDisplayMedia = this.ctx.devices.getDisplayMedia
    if (!getDisplayMedia || this.local.screen) return
    let track: MediaStreamTrack | undefined
    try {
      track = (await getDisplayMedia.call(this.ctx.devices, { video: true })).getVideoTracks()[0]
    } catch {
      return // cancelled in the browser's picker
    }
    if (!track) return
    this.local.screen = track
    // The browser's own "Stop sharing" ends the track.
    track.addEventListener('ended', () => void this.stopScreen())
    this.screenPreview = this.env.createStream([track])
    await this.media.setScreen(track)
    this.ctx.report('screen_share_on')
    this.tellState()
  }

  raiseHand = (raised: boolean): void => {
    if (this.socket.send({ type: 'hand', raised })) {
      this.present = this.present.map((one) =>
        one.user_id === this.me ? { ...one, hand_raised: raised } : one,
      )
      this.update()
    }
  }

  mute = (userId: string): void => void this.socket.send({ type: 'mute', user_id: userId })

  lowerHands = (): void => void this.socket.send({ type: 'lower-hands' })

  remove = (userId: string): void => void this.socket.send({ type: 'remove', user_id: userId })

  setTileSize = (userId: string, size: TileSize): void => {
    const participant = this.present.find((one) => one.user_id === userId)
    if (participant) this.media.setTileSize(participant, size)
  }

  private get me(): string {
    return this.token.user_id
  }

  private async stopScreen(): Promise<void> {
    const screen = this.local.screen
    if (!screen) return
    this.local.screen = null
    this.screenPreview = null
    screen.stop()
    await this.media.setScreen(null)
    this.ctx.report('screen_share_off')
    this.tellState()
  }

  private address(token: RoomToken): string {
    // The school configured (or removed) the group server meanwhile: entering again goes there.
    if (token.provider !== this.token.provider) throw new RoomRefused(new ProviderChanged(token.provider))
    return socketAddress(token, this.env.origin)
  }

  private frame(frame: GroupServerMessage): void {
    const now = Date.now()
    switch (frame.type) {
      case 'group-welcome': {
        this.ctx.report(this.welcomes++ > 0 ? 'reconnected' : 'joined')
        this.present = welcomed(this.present, frame.participants, now)
        this.closesAt = frame.closes_at
        this.ctx.onWelcome()
        this.tellState()
        this.media.participants(
          this.present,
          frame.participants.map((one) => one.user_id),
        )
        return
      }
      case 'participant-left':
        if (frame.user_id === this.me && frame.reason === 'removed') {
          this.finish({ reason: 'removed' })
          return
        }
        break
      case 'muted':
        if (frame.user_id === this.me && this.local.audio) {
          this.local.audio.enabled = false
          this.media.microphone(false)
          this.ctx.report('microphone_off')
        }
        break
      case 'janus-ticket':
        this.media.ticket(frame.ticket)
        return
      case 'signal':
        this.media.signal(frame.from, frame.data)
        return
      case 'chat':
        this.ctx.onChat(frame.message)
        return
      case 'recording':
        this.ctx.onRecording({ archive_id: frame.archive_id, state: frame.state, stream_id: frame.stream_id })
        return
      case 'closed':
        this.finish({ reason: 'window_ended' })
        return
      case 'cancelled':
        // The socket ends next (4410); what the room then says comes from here.
        this.cancellation = { by: frame.by, message: frame.reason }
        return
      default:
        break
    }
    this.present = afterFrame(this.present, frame, now)
    const arrived = frame.type === 'participant-joined' ? [frame.participant.user_id] : []
    if (frame.type === 'participant-joined' || frame.type === 'participant-left')
      this.media.participants(this.present, arrived)
    this.update()
  }

  private socketEnded(end: SocketEnd, detail: unknown): void {
    const ended = this.endOf(end, detail)
    if (ended) {
      this.finish(ended)
      return
    }
    this.failed = true
    this.media.close()
    this.update()
  }

  /** What the socket's end means for the room; null: the room failed (refused for good). */
  private endOf(end: SocketEnd, detail: unknown): GroupRoomEnd | null {
    if (end === 'window_ended') return { reason: 'window_ended' }
    if (end === 'cancelled') {
      return {
        reason: 'cancelled',
        by: this.cancellation?.by ?? 'school',
        message: this.cancellation?.message ?? null,
      }
    }
    // Another tab took the room over: this one has left it.
    if (end === 'replaced') return { reason: 'left' }
    return detail === GROUP_ROOM_CLOSE.removed ? { reason: 'removed' } : null
  }

  /** The others see this page's microphone, camera and screen. */
  private tellState(): void {
    const state = {
      microphone: this.local.microphoneOn,
      camera: this.local.cameraOn,
      screen: !!this.local.screen,
    }
    this.socket.send({ type: 'state', ...state })
    this.present = this.present.map((one) => (one.user_id === this.me ? { ...one, ...state } : one))
    this.update()
  }

  private dropLongLost(): void {
    const kept = withoutLongLost(this.present, Date.now())
    if (kept.length === this.present.length) return
    this.present = kept
    this.media.participants(this.present, [])
    this.update()
  }

  private finish(end: GroupRoomEnd): void {
    if (this.view.ended) return
    if (this.sweep !== null) clearInterval(this.sweep)
    this.socket.stop({ bye: end.reason === 'left' })
    this.media.close()
    this.local.stopAll()
    this.view = { ...this.compose(), ended: end }
    for (const listener of this.listeners) listener()
  }

  private update(): void {
    if (this.view.ended) return
    this.view = this.compose()
    for (const listener of this.listeners) listener()
  }

  private connection(): GroupConnection {
    if (this.failed) return 'failed'
    if (this.socketStatus === 'connecting' || this.welcomes === 0) return 'connecting'
    if (this.socketStatus === 'reconnecting' || this.media.state === 'reconnecting') return 'reconnecting'
    return this.media.state === 'connecting' ? 'connecting' : 'live'
  }

  private compose(): GroupView {
    const members = inRoomOrder(this.present.map((one) => this.member(one)))
    const me = members.find((member) => member.isMe) ?? this.member(this.provisionalMe())
    return {
      connection: this.connection(),
      members: members.some((member) => member.isMe) ? members : inRoomOrder([...members, me]),
      me,
      ended: null,
      closesAt: this.closesAt,
      mesh: this.token.provider === 'mesh',
      setMicrophone: this.setMicrophone,
      setCamera: this.setCamera,
      switchDevice: this.switchDevice,
      shareScreen: this.shareScreen,
      raiseHand: this.raiseHand,
      mute: this.mute,
      lowerHands: this.lowerHands,
      remove: this.remove,
      setTileSize: this.setTileSize,
      leave: this.leave,
    }
  }

  private member(participant: Present): GroupMember {
    const { lostAt: lost, ...rest } = participant
    if (participant.user_id === this.me) {
      const camera = this.local.camera
      if (camera && !this.preview?.getTracks().includes(camera))
        this.preview = this.env.createStream([camera])
      return {
        ...rest,
        microphone: this.local.microphoneOn,
        camera: this.local.cameraOn,
        isMe: true,
        stream: this.preview,
        screen: this.screenPreview,
        speaking: this.media.speaking,
        media: this.media.state,
      }
    }
    const remote = this.media.remote(participant)
    const media =
      lost !== null || this.media.state === 'reconnecting'
        ? 'reconnecting'
        : remote?.live
          ? 'live'
          : 'connecting'
    return {
      ...rest,
      isMe: false,
      stream: remote?.stream ?? null,
      screen: remote?.screen ?? null,
      speaking: remote?.speaking ?? false,
      media,
    }
  }

  private provisionalMe(): Present {
    return {
      user_id: this.me,
      name: '',
      role: this.token.role,
      feed_id: this.token.provider === 'janus' ? this.token.janus.feed_id : null,
      microphone: this.local.microphoneOn,
      camera: this.local.cameraOn,
      screen: false,
      muted_by_teacher: false,
      hand_raised: false,
      lostAt: null,
    }
  }
}
