import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RoomServerMessage } from '../../../../domain/api/room.ts'
import {
  ATTEMPT_LIMIT_MS,
  ROOM_FRAMES,
  RoomRefused,
  type SignallingDeps,
  SignallingSocket,
  type SocketLike,
  type SocketStatus,
  type Wakeups,
} from './signalling-socket.ts'

// The browser's WebSocket is replaced by a fake the test drives: the server's side of the wire.
class FakeSocket implements SocketLike {
  readyState = 0
  sent: string[] = []
  closedWith: number | null = null
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  readonly url: string
  constructor(url: string) {
    this.url = url
  }
  send(data: string) {
    this.sent.push(data)
  }
  close(code = 1000) {
    this.closedWith = code
    this.drop(code)
  }
  open() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }))
  }
  drop(code: number) {
    this.readyState = 3
    this.onclose?.(new CloseEvent('close', { code }))
  }
}

const welcome = { type: 'welcome', peer_present: false, closes_at: '2026-11-24T02:00:00.000Z' }

/** The page's visibility and its wake-ups, driven by the test. */
function fakeWakeups() {
  let wake: (() => void) | null = null
  const page = { visible: true }
  const wakeups: Wakeups = {
    visible: () => page.visible,
    watch(fn) {
      wake = fn
      return () => {
        wake = null
      }
    },
  }
  return { wakeups, page, wake: () => wake?.() }
}

const AUTH = JSON.stringify({ type: 'auth', session: 'session-1' })

function setup(address: SignallingDeps['address'] = async () => `ws://room/?token=t${tokens++}`) {
  const sockets: FakeSocket[] = []
  const frames: RoomServerMessage[] = []
  const statuses: SocketStatus[] = []
  const ends: string[] = []
  const wakes = fakeWakeups()
  const socket = new SignallingSocket({
    frames: ROOM_FRAMES,
    address,
    session: () => 'session-1',
    wakeups: wakes.wakeups,
    // No jitter: the waits below are exact.
    random: () => 0,
    createSocket: (url) => {
      const fake = new FakeSocket(url)
      sockets.push(fake)
      return fake
    },
    onFrame: (frame) => frames.push(frame),
    onStatus: (status) => statuses.push(status),
    onEnd: (end) => ends.push(end),
  })
  return { socket, sockets, frames, statuses, ends, wakes }
}
let tokens = 0
/** A token request that never answers (a server gone mid-answer). */
const unanswered = () => new Promise<string>(() => undefined)

describe('SignallingSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    tokens = 0
  })
  afterEach(() => vi.useRealTimers())

  it('proves the session in its first frame', async () => {
    const { socket, sockets } = setup()
    socket.start()
    await vi.advanceTimersByTimeAsync(0)
    sockets[0]?.open()
    expect(sockets[0]?.sent).toEqual([AUTH])
    socket.stop()
  })

  it('reconnects after a drop within a second while visible, asking for a fresh token each time', async () => {
    const { socket, sockets, statuses, wakes } = setup()
    socket.start()
    await vi.advanceTimersByTimeAsync(0)
    sockets[0]?.open()
    sockets[0]?.receive(welcome)
    sockets[0]?.drop(1006)
    expect(statuses.at(-1)).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(249)
    expect(sockets).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(sockets).toHaveLength(2)
    for (const wait of [500, 1000, 1000, 1000]) {
      sockets.at(-1)?.drop(1006) // still down: the wait grows, to 1 s at most
      const before = sockets.length
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(sockets).toHaveLength(before)
      await vi.advanceTimersByTimeAsync(1)
      expect(sockets).toHaveLength(before + 1)
    }
    // Hidden, the page backs off further.
    wakes.page.visible = false
    sockets.at(-1)?.drop(1006)
    await vi.advanceTimersByTimeAsync(7_999)
    expect(sockets).toHaveLength(6)
    await vi.advanceTimersByTimeAsync(1)
    expect(sockets.map((s) => s.url).slice(0, 3)).toEqual([
      'ws://room/?token=t0',
      'ws://room/?token=t1',
      'ws://room/?token=t2',
    ])
    sockets.at(-1)?.open()
    sockets.at(-1)?.receive({ ...welcome, peer_present: true })
    expect(statuses.at(-1)).toBe('open')
    socket.stop()
  })

  it('retries at once when the server restarts (1012), and when the page is online or in view again', async () => {
    const { socket, sockets, wakes } = setup()
    socket.start()
    await vi.advanceTimersByTimeAsync(0)
    sockets[0]?.open()
    sockets[0]?.receive(welcome)
    sockets[0]?.drop(1012)
    await vi.advanceTimersByTimeAsync(0)
    expect(sockets).toHaveLength(2)
    wakes.page.visible = false
    for (let i = 0; i < 4; i++) {
      sockets.at(-1)?.drop(1006)
      await vi.advanceTimersByTimeAsync(8_000)
    }
    sockets.at(-1)?.drop(1006)
    const before = sockets.length
    // The network is back: no waiting out the 8 s.
    wakes.wake()
    await vi.advanceTimersByTimeAsync(0)
    expect(sockets).toHaveLength(before + 1)
    socket.stop()
  })

  it('ends when the lesson is cancelled, and says goodbye when leaving', async () => {
    const { socket, sockets, ends, frames } = setup()
    socket.start()
    await vi.advanceTimersByTimeAsync(0)
    sockets[0]?.open()
    sockets[0]?.receive(welcome)
    sockets[0]?.receive({ type: 'cancelled', by: 'teacher', reason: 'Choroba' })
    expect(frames.at(-1)).toEqual({ type: 'cancelled', by: 'teacher', reason: 'Choroba' })
    expect(ends).toEqual(['cancelled'])

    const closedOnly = setup()
    closedOnly.socket.start()
    await vi.advanceTimersByTimeAsync(0)
    closedOnly.sockets[0]?.open()
    closedOnly.sockets[0]?.drop(4410)
    expect(closedOnly.ends).toEqual(['cancelled'])

    const leaving = setup()
    leaving.socket.start()
    await vi.advanceTimersByTimeAsync(0)
    leaving.sockets[0]?.open()
    leaving.sockets[0]?.receive(welcome)
    leaving.socket.stop({ bye: true })
    expect(leaving.sockets[0]?.sent).toEqual([AUTH, JSON.stringify({ type: 'bye' })])
    expect(leaving.sockets[0]?.closedWith).toBe(1000)
  })

  it('keeps trying while the token cannot be fetched, and stops when it is refused for good', async () => {
    let calls = 0
    const { socket, sockets, ends } = setup(async () => {
      calls++
      if (calls === 1) throw new TypeError('network')
      throw new RoomRefused('join_window_closed')
    })
    socket.start()
    await vi.advanceTimersByTimeAsync(300)
    expect(calls).toBe(2)
    expect(sockets).toHaveLength(0)
    expect(ends).toEqual(['refused'])
  })

  it('gives up a token request left hanging (a server gone mid-answer), aborting it, and tries again', async () => {
    const signals: AbortSignal[] = []
    const { socket, sockets, statuses } = setup((signal) => {
      signals.push(signal)
      // The first request never answers; the next one does.
      return signals.length === 1 ? unanswered() : Promise.resolve('ws://room/?token=t9')
    })
    socket.start()
    await vi.advanceTimersByTimeAsync(ATTEMPT_LIMIT_MS - 1)
    expect(signals[0]?.aborted).toBe(false)
    expect(sockets).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(signals[0]?.aborted).toBe(true)
    expect(statuses.at(-1)).toBe('connecting')
    await vi.advanceTimersByTimeAsync(250)
    expect(signals).toHaveLength(2)
    expect(sockets.map((s) => s.url)).toEqual(['ws://room/?token=t9'])
    socket.stop()
  })

  it('gives up a socket that is not welcomed in time, and a welcomed one is left alone', async () => {
    const { socket, sockets, statuses } = setup()
    socket.start()
    await vi.advanceTimersByTimeAsync(0)
    // Opened, but the room never says welcome (a half-started server).
    sockets[0]?.open()
    await vi.advanceTimersByTimeAsync(ATTEMPT_LIMIT_MS)
    expect(sockets[0]?.closedWith).toBe(4002)
    await vi.advanceTimersByTimeAsync(250)
    expect(sockets).toHaveLength(2)
    sockets[1]?.open()
    sockets[1]?.receive(welcome)
    await vi.advanceTimersByTimeAsync(ATTEMPT_LIMIT_MS * 2)
    expect(sockets[1]?.closedWith).toBeNull()
    expect(sockets).toHaveLength(2)
    expect(statuses.at(-1)).toBe('open')
    socket.stop()
  })

  it('gives a slow connection longer after each attempt given up, up to three times the limit', async () => {
    const signals: AbortSignal[] = []
    const { socket } = setup((signal) => {
      signals.push(signal)
      return unanswered()
    })
    socket.start()
    const retry = 250
    for (const [n, limit] of [
      [1, ATTEMPT_LIMIT_MS],
      [2, 2 * ATTEMPT_LIMIT_MS],
      [3, 3 * ATTEMPT_LIMIT_MS],
      [4, 3 * ATTEMPT_LIMIT_MS],
    ] as const) {
      await vi.advanceTimersByTimeAsync(limit - 1)
      expect(signals[n - 1]?.aborted).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(signals[n - 1]?.aborted).toBe(true)
      // The next attempt after the backoff (0.25 s, 0.5 s, then 1 s).
      await vi.advanceTimersByTimeAsync(Math.min(1000, retry * 2 ** (n - 1)))
      expect(signals).toHaveLength(n + 1)
    }
    socket.stop()
  })

  it('aborts the token request under way when the room is left', async () => {
    let seen: AbortSignal | undefined
    const { socket, sockets } = setup((signal) => {
      seen = signal
      return unanswered()
    })
    socket.start()
    await vi.advanceTimersByTimeAsync(0)
    socket.stop()
    expect(seen?.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(ATTEMPT_LIMIT_MS * 2)
    expect(sockets).toHaveLength(0)
  })

  it('pings every 15 s and reconnects after 30 s without a word from the server', async () => {
    const { socket, sockets } = setup()
    socket.start()
    await vi.advanceTimersByTimeAsync(0)
    sockets[0]?.open()
    sockets[0]?.receive(welcome)
    await vi.advanceTimersByTimeAsync(15_000)
    expect(sockets[0]?.sent).toEqual([AUTH, JSON.stringify({ type: 'ping' })])
    await vi.advanceTimersByTimeAsync(20_000)
    expect(sockets[0]?.closedWith).toBe(4001)
    await vi.advanceTimersByTimeAsync(250)
    expect(sockets).toHaveLength(2)
    socket.stop()
  })

  it('ends for good when the window closes or another tab takes over', async () => {
    const first = setup()
    first.socket.start()
    await vi.advanceTimersByTimeAsync(0)
    first.sockets[0]?.open()
    first.sockets[0]?.receive({ type: 'closed', reason: 'window_ended' })
    expect(first.ends).toEqual(['window_ended'])

    const second = setup()
    second.socket.start()
    await vi.advanceTimersByTimeAsync(0)
    second.sockets[0]?.open()
    second.sockets[0]?.drop(4409)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(second.ends).toEqual(['replaced'])
    expect(second.sockets).toHaveLength(1)
  })

  it('sends no signal before the room has welcomed the socket', async () => {
    const { socket, sockets } = setup()
    socket.start()
    await vi.advanceTimersByTimeAsync(0)
    sockets[0]?.open()
    expect(socket.send({ type: 'signal', data: { candidate: null } })).toBe(false)
    sockets[0]?.receive(welcome)
    expect(socket.send({ type: 'signal', data: { candidate: null } })).toBe(true)
    expect(sockets[0]?.sent).toEqual([AUTH, JSON.stringify({ type: 'signal', data: { candidate: null } })])
    socket.stop()
  })

  it('passes the frames it knows and ignores the rest', async () => {
    const { socket, sockets, frames } = setup()
    socket.start()
    await vi.advanceTimersByTimeAsync(0)
    sockets[0]?.open()
    sockets[0]?.receive({ type: 'peer-joined' })
    sockets[0]?.receive({ type: 'surprise' })
    expect(frames).toEqual([{ type: 'peer-joined' }])
    socket.stop()
  })
})
