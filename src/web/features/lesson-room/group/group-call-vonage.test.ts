import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VonageGroupRoomToken } from '../../../../domain/api/room.ts'
import { FakeSdk, FakeSocket, media, track } from '../../../test-support/vonage-test-fakes.ts'
import { GroupCall } from './group-call.ts'
import { VonageGroupMedia } from './vonage-group-media.ts'

// The group call on the meeting's Vonage session: the room's socket (a fake of the server's side
// of the wire) carries presence and moderation, Vonage's client SDK (a fake at its boundary) the
// media. Vonage sends a copy of the microphone, so a mute must reach the publisher itself.

const ME = '00000000-0000-4000-8000-000000000002'
const token: VonageGroupRoomToken = {
  provider: 'vonage-group',
  token: 'room-1',
  signalling_url: '/api/v1/lessons/room',
  lesson_id: '00000000-0000-4000-8000-000000000001',
  user_id: ME,
  role: 'student',
  starts_at: '2026-11-24T01:00:00.000Z',
  ends_at: '2026-11-24T01:45:00.000Z',
  closes_at: '2026-11-24T02:00:00.000Z',
  group_meeting_id: '00000000-0000-4000-8000-000000000009',
  vonage: { application_id: 'app-1', session_id: 'meeting-session', token: 'vonage-me' },
}

function setup() {
  const sdk = new FakeSdk()
  const sockets: FakeSocket[] = []
  const call = new GroupCall(
    token,
    {
      lessonId: token.lesson_id,
      session: () => 'session-token',
      fetchToken: async () => token,
      report: () => undefined,
      onChat: () => undefined,
      onWelcome: () => undefined,
      onRecording: () => undefined,
      onVoiceClip: () => undefined,
      tracks: { audio: track('audio', 'microphone'), video: track('video', 'camera') },
      devices: { getUserMedia: async () => media([track('audio', 'microphone 2')]) },
    },
    {
      createSocket: (url) => {
        const socket = new FakeSocket(url)
        sockets.push(socket)
        return socket
      },
      wakeups: { visible: () => true, watch: () => () => undefined },
      createStream: (tracks) => media(tracks ?? []),
      origin: 'https://lektorium.test',
    },
    (first, hooks) =>
      new VonageGroupMedia({
        credentials: first.provider === 'vonage-group' ? first.vonage : token.vonage,
        loadSdk: async () => sdk,
        tracks: () => ({ audio: hooks.tracks().audio, video: hooks.tracks().video }),
        onChange: hooks.onChange,
        retryDelay: () => 1000,
      }),
  )
  return { call, sdk, sockets }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('the group call on Vonage', () => {
  it('mutes the published microphone when the page mutes it and when the teacher does', async () => {
    const { call, sdk, sockets } = setup()
    call.join()
    await vi.advanceTimersByTimeAsync(0)
    sockets.at(-1)?.open()
    sockets.at(-1)?.receive({ type: 'group-welcome', participants: [], closes_at: token.closes_at })
    sdk.sessions.at(-1)?.connectDone?.()
    const publisher = sdk.sessions.at(-1)?.published[0]
    expect(publisher?.audio).toBe(true)
    await call.setMicrophone(false)
    expect(publisher?.audio).toBe(false)
    await call.setMicrophone(true)
    expect(publisher?.audio).toBe(true)
    sockets.at(-1)?.receive({ type: 'muted', user_id: ME })
    expect(publisher?.audio).toBe(false)
    call.leave()
  })
})
