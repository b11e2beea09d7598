import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LessonInteractionKind, RoomToken } from '../../../../domain/api/room.ts'
import {
  FakeSdk,
  FakeSocket,
  labelOf,
  media,
  stream,
  track,
  vonageToken,
  welcome,
} from '../../../test-support/vonage-test-fakes.ts'
import { ProviderChanged } from './builtin-call.ts'
import type { CallSnapshot } from './call-session.ts'
import { VonageCall } from './vonage-call.ts'

// The Vonage provider against a fake SDK (Vonage is an outside service: its client SDK is replaced
// at its boundary) and a fake room socket (the server's side of the wire).

function setup(answers: RoomToken[] = []) {
  const sdk = new FakeSdk()
  const sockets: FakeSocket[] = []
  const reports: LessonInteractionKind[] = []
  let issued = 0
  const microphone = track('audio', 'microphone')
  const camera = track('video', 'camera')
  const call = new VonageCall(
    {
      lessonId: '00000000-0000-4000-8000-000000000001',
      session: () => 'session-token',
      fetchToken: async () => answers.shift() ?? vonageToken(issued++),
      report: (kind) => reports.push(kind),
      onChat: () => undefined,
      onWelcome: () => undefined,
      onRecording: () => undefined,
      onVoiceClip: () => undefined,
      tracks: { audio: microphone, video: camera },
      devices: {
        getUserMedia: async () => media([track('video', 'camera 2')]),
        getDisplayMedia: async () => media([track('video', 'screen')]),
      },
    },
    {
      loadVonage: async () => sdk,
      createSocket: (url) => {
        const socket = new FakeSocket(url)
        sockets.push(socket)
        return socket
      },
      // The preview stream: its tracks are all the room reads of it.
      createStream: (tracks) => media(tracks ?? []),
      origin: 'https://lektorium.test',
      wakeups: { visible: () => true, watch: () => () => undefined },
    },
  )
  const snapshot = (): CallSnapshot => call.getSnapshot()
  const session = () => {
    const last = sdk.sessions.at(-1)
    if (!last) throw new Error('no Vonage session yet')
    return last
  }
  /** The room's socket opens and welcomes this side; the Vonage session accepts it. */
  const enter = async (peer = true) => {
    call.join()
    await vi.advanceTimersByTimeAsync(0)
    sockets.at(-1)?.open()
    sockets.at(-1)?.receive(welcome(peer))
    session().connectDone?.()
  }
  /** The other party's stream arrives and its media with it. */
  const remoteArrives = (id: string) => {
    session().fire('streamCreated', { stream: stream(id) })
    const media = { id: `media-${id}` }
    session().subscribed.at(-1)?.subscriber.fire('mediaStreamAvailable', { mediaStream: media })
    return media
  }
  return { call, sdk, sockets, reports, snapshot, session, enter, remoteArrives, microphone, camera }
}

describe('VonageCall', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it("joins the lesson's session with the server's token and publishes the lobby's tracks", async () => {
    const { call, sockets, session, enter, snapshot } = setup()
    await enter(false)
    expect(sockets[0]?.url).toBe('wss://lektorium.test/api/v1/lessons/room?token=room-0')
    expect(session().ids).toEqual(['app-1', 'session-1'])
    expect(session().token).toBe('vonage-0')
    const [publisher] = session().published
    expect(labelOf(publisher?.properties.audioSource ?? null)).toBe('microphone (clone)')
    expect(labelOf(publisher?.properties.videoSource ?? null)).toBe('camera (clone)')
    expect(publisher?.properties).toMatchObject({
      insertDefaultUI: false,
      publishAudio: true,
      publishVideo: true,
    })
    expect(snapshot().phase).toBe('waiting')
    // protocol §1: never a `signal` frame with Vonage; the state goes to the other party.
    expect(sockets[0]?.sent).toContainEqual({ type: 'state', microphone: true, camera: true, screen: false })
    call.leave()
  })

  it("subscribes to the other party's stream and shows it; its loss shows as reconnecting", async () => {
    const { call, session, enter, remoteArrives, snapshot } = setup()
    await enter(true)
    expect(snapshot().phase).toBe('joining')
    const media = remoteArrives('s1')
    expect(snapshot().phase).toBe('connected')
    expect(snapshot().remoteStream).toBe(media)
    const { subscriber } = session().subscribed[0] ?? {}
    subscriber?.fire('disconnected')
    expect(snapshot().phase).toBe('peer-reconnecting')
    subscriber?.fire('connected')
    expect(snapshot().phase).toBe('connected')
    session().fire('streamDestroyed', { stream: stream('s1'), reason: 'networkDisconnected' })
    expect(snapshot()).toMatchObject({ phase: 'peer-reconnecting', remoteStream: null })
    remoteArrives('s2')
    expect(snapshot().phase).toBe('connected')
    call.leave()
  })

  it("shows the other party's goodbye at once, its picture still arriving or not", async () => {
    const { call, sockets, enter, remoteArrives, snapshot } = setup()
    await enter(true)
    remoteArrives('s1')
    sockets[0]?.receive({ type: 'peer-left', reason: 'left' })
    expect(snapshot().phase).toBe('peer-left')
    call.leave()
  })

  it("says reconnecting while the SDK reconnects this side's session, and connected once it is back", async () => {
    const { call, session, enter, remoteArrives, snapshot } = setup()
    await enter(true)
    remoteArrives('s1')
    session().fire('sessionReconnecting')
    expect(snapshot().phase).toBe('reconnecting')
    session().fire('sessionReconnected')
    expect(snapshot().phase).toBe('connected')
    call.leave()
  })

  it('joins again with a fresh token when the session drops for good', async () => {
    const { call, sdk, session, enter, snapshot } = setup()
    await enter(true)
    session().fire('sessionDisconnected', { reason: 'networkDisconnected' })
    expect(snapshot().phase).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(400)
    expect(sdk.sessions).toHaveLength(2)
    expect(session().token).toBe('vonage-1')
    session().connectDone?.()
    expect(session().published).toHaveLength(1)
    expect(snapshot().phase).toBe('joining')
    call.leave()
  })

  it('mutes without publishing again; a new picture is published before the old one goes', async () => {
    const { call, session, enter, reports, camera } = setup()
    await enter(true)
    const [first] = session().published
    session().publishDone[0]?.()
    await call.setMicrophone(false)
    expect(first?.audio).toBe(false)
    expect(session().published).toHaveLength(1)

    await call.setCamera(false)
    expect(camera.readyState).toBe('ended')
    const second = session().published[1]
    expect(second?.properties).toMatchObject({ videoSource: null, publishVideo: false, publishAudio: false })
    expect(session().unpublished).toEqual([])
    session().publishDone[1]?.()
    expect(session().unpublished).toEqual([first])

    await call.setCamera(true)
    expect(labelOf(session().published[2]?.properties.videoSource ?? null)).toBe('camera 2 (clone)')
    expect(reports).toEqual(['microphone_off', 'camera_off', 'camera_on'])
    call.leave()
  })

  it('shares the screen as a stream of its own beside the camera, and ends it with the browser', async () => {
    const { call, sdk, session, enter, snapshot, reports, sockets } = setup()
    await enter(true)
    sdk.screenAnswer = { name: 'OT_USER_MEDIA_ACCESS_DENIED', message: 'cancelled' }
    expect(await call.startScreenShare()).toBe(false)
    expect(snapshot().sharingScreen).toBe(false)
    sdk.screenAnswer = undefined
    expect(await call.startScreenShare()).toBe(true)
    const screen = session().published.at(-1)
    expect(screen?.properties).toMatchObject({
      videoSource: 'screen',
      audioSource: null,
      videoContentHint: 'detail',
    })
    expect(session().unpublished).toEqual([]) // the camera goes on
    const preview = { getVideoTracks: () => [] }
    screen?.fire('mediaStreamAvailable', { mediaStream: preview })
    expect(snapshot()).toMatchObject({ sharingScreen: true, localStream: preview })
    expect(sockets[0]?.sent.at(-1)).toEqual({ type: 'state', microphone: true, camera: true, screen: true })
    // The browser's own "Stop sharing": the SDK destroys the publisher.
    screen?.fire('destroyed')
    expect(snapshot().sharingScreen).toBe(false)
    expect(labelOf(snapshot().localStream?.getVideoTracks()[0] ?? null)).toBe('camera')
    expect(reports).toEqual(['screen_share_on', 'screen_share_off'])
    call.leave()
  })

  it("shows the other party's screen with the sound of its camera stream", async () => {
    const { call, session, enter, snapshot } = setup()
    await enter(true)
    const voice = track('audio', 'their voice')
    const picture = track('video', 'their screen')
    session().fire('streamCreated', { stream: stream('cam') })
    session()
      .subscribed.at(-1)
      ?.subscriber.fire('mediaStreamAvailable', {
        mediaStream: media([voice]),
      })
    session().fire('streamCreated', { stream: { ...stream('scr'), videoType: 'screen' } })
    session()
      .subscribed.at(-1)
      ?.subscriber.fire('mediaStreamAvailable', {
        mediaStream: media([picture]),
      })
    const shown = snapshot().remoteStream
    expect(shown?.getTracks().map(labelOf)).toEqual(['their voice', 'their screen'])
    expect(snapshot().phase).toBe('connected')
    session().fire('streamDestroyed', { stream: stream('scr'), reason: 'unpublished' })
    expect(snapshot().remoteStream?.getTracks().map(labelOf)).toEqual(['their voice'])
    call.leave()
  })

  it('leaves: a goodbye on the socket, the stream unpublished, the session disconnected, the devices off', async () => {
    const { call, sockets, session, enter, snapshot, microphone } = setup()
    await enter(true)
    const [publisher] = session().published
    call.leave()
    expect(sockets[0]?.sent.at(-1)).toEqual({ type: 'bye' })
    expect(session().unpublished).toEqual([publisher])
    expect(session().disconnected).toBe(true)
    expect(microphone.readyState).toBe('ended')
    expect(snapshot()).toMatchObject({ phase: 'ended', end: 'left' })
  })

  it('ends as refused when a fresh token names another provider (the school moved the lesson)', async () => {
    const builtin: RoomToken = {
      ...vonageToken(1),
      provider: 'builtin',
      ice_servers: [],
      ice_transport_policy: 'all',
      polite: false,
    }
    const { session, enter, snapshot, microphone } = setup([vonageToken(0), builtin])
    await enter(true)
    session().fire('sessionDisconnected', { reason: 'networkDisconnected' })
    await vi.advanceTimersByTimeAsync(400)
    expect(snapshot()).toMatchObject({ phase: 'ended', end: 'refused' })
    expect(snapshot().refusal).toBeInstanceOf(ProviderChanged)
    expect(microphone.readyState).toBe('ended')
  })
})
