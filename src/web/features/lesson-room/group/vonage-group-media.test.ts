import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GroupParticipant } from '../../../../domain/api/group-room.ts'
import { FakeSdk, labelOf, track } from '../../../test-support/vonage-test-fakes.ts'
import type { VonageStream } from '../call/vonage-api.ts'
import { VonageGroupMedia } from './vonage-group-media.ts'

// The group room's media through the meeting's Vonage session, against a fake of Vonage's client
// SDK (an outside service, replaced at its boundary: its session, publishers and subscribers).

const ANNA = '00000000-0000-4000-8000-00000000000a'
const OLA = '00000000-0000-4000-8000-00000000000b'

const participant = (userId: string): GroupParticipant => ({
  user_id: userId,
  name: 'Someone',
  role: 'student',
  feed_id: null,
  microphone: true,
  camera: true,
  screen: false,
  muted_by_teacher: false,
  hand_raised: false,
})

/** A stream as Vonage announces it: its connection data is what the server put in the token. */
const streamOf = (id: string, userId: string, extra: Partial<VonageStream> = {}): VonageStream => ({
  streamId: id,
  connection: { connectionId: `c-${id}`, data: JSON.stringify({ user_id: userId, role: 'student' }) },
  ...extra,
})

function setup() {
  const sdk = new FakeSdk()
  const microphone = track('audio', 'microphone')
  const camera = track('video', 'camera')
  const sent: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null } = {
    audio: microphone,
    video: camera,
  }
  const changes = vi.fn()
  const media = new VonageGroupMedia({
    credentials: { application_id: 'app-1', session_id: 'meeting-session', token: 'vonage-anna' },
    loadSdk: async () => sdk,
    tracks: () => sent,
    onChange: changes,
    retryDelay: () => 1000,
  })
  const session = () => {
    const last = sdk.sessions.at(-1)
    if (!last) throw new Error('no Vonage session yet')
    return last
  }
  /** The page joins the meeting's session and Vonage accepts it. */
  const enter = async () => {
    media.start()
    await vi.advanceTimersByTimeAsync(0)
    session().connectDone?.()
  }
  /** Another participant's stream arrives, and its media with it. */
  const arrives = (stream: VonageStream) => {
    session().fire('streamCreated', { stream })
    const mediaStream = { id: `media-${stream.streamId}` }
    session().subscribed.at(-1)?.subscriber.fire('mediaStreamAvailable', { mediaStream })
    return mediaStream
  }
  return { sdk, media, session, enter, arrives, sent, microphone, camera, changes }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('VonageGroupMedia', () => {
  it("joins the meeting's one session with its token and publishes the camera and microphone once", async () => {
    const { media, session, enter, microphone } = setup()
    expect(media.state).toBe('connecting')
    await enter()
    expect(session().ids).toEqual(['app-1', 'meeting-session'])
    expect(session().token).toBe('vonage-anna')
    expect(media.state).toBe('live')
    const [published] = session().published
    expect(session().published).toHaveLength(1)
    expect(labelOf(published?.properties.audioSource ?? null)).toBe('microphone (clone)')
    expect(labelOf(published?.properties.videoSource ?? null)).toBe('camera (clone)')
    // The same tracks again publish nothing new; the mute follows the microphone's own track.
    await media.setTrack('audio', microphone)
    expect(session().published).toHaveLength(1)
    media.microphone(false)
    expect(published?.audio).toBe(false)
  })

  it("subscribes to every other participant's stream and places it by the user its connection names", async () => {
    const { media, enter, arrives, session } = setup()
    await enter()
    const anna = arrives(streamOf('s-anna', ANNA))
    const ola = arrives(streamOf('s-ola', OLA))
    const olaScreen = arrives(streamOf('s-ola-screen', OLA, { name: 'screen' }))
    expect(session().subscribed.map((one) => one.stream.streamId)).toEqual([
      's-anna',
      's-ola',
      's-ola-screen',
    ])
    expect(media.remote(participant(ANNA))).toMatchObject({ stream: anna, screen: null, live: true })
    expect(media.remote(participant(OLA))).toMatchObject({ stream: ola, screen: olaScreen, live: true })
    // A stream whose connection names nobody is not subscribed to.
    session().fire('streamCreated', { stream: { streamId: 'odd', connection: { connectionId: 'c-odd' } } })
    expect(session().subscribed).toHaveLength(3)
    session().subscribed[0]?.subscriber.fire('disconnected')
    expect(media.remote(participant(ANNA))?.live).toBe(false)
    session().fire('streamDestroyed', { stream: streamOf('s-anna', ANNA), reason: 'clientDisconnected' })
    expect(media.remote(participant(ANNA))).toBeNull()
  })

  it('says reconnecting while Vonage reconnects, and joins a new session after one drops', async () => {
    const { media, enter, session, sdk } = setup()
    await enter()
    session().fire('sessionReconnecting')
    expect(media.state).toBe('reconnecting')
    session().fire('sessionReconnected')
    expect(media.state).toBe('live')
    session().fire('sessionDisconnected', { reason: 'networkDisconnected' })
    expect(media.state).toBe('reconnecting')
    expect(sdk.sessions).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(sdk.sessions).toHaveLength(2)
    session().connectDone?.()
    expect(media.state).toBe('live')
    expect(session().published).toHaveLength(1)
  })

  it("publishes the teacher's screen as a second stream named screen, and takes it down", async () => {
    const { media, enter, session } = setup()
    await enter()
    await media.setScreen(track('video', 'screen'))
    const screen = session().published[1]
    expect(screen?.properties).toMatchObject({
      name: 'screen',
      audioSource: null,
      videoContentHint: 'detail',
    })
    expect(labelOf(screen?.properties.videoSource ?? null)).toBe('screen (clone)')
    await media.setScreen(null)
    expect(session().unpublished).toContain(screen)
    media.close()
    expect(session().disconnected).toBe(true)
    expect(session().unpublished).toContain(session().published[0])
  })
})
