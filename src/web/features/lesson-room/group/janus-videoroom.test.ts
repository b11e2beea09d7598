import { describe, expect, it } from 'vitest'
import { framed, readIncoming } from './janus-protocol.ts'
import { SubscriptionBook } from './janus-streams.ts'
import { publisherJoin, readVideoroomEvent, subscriptionUpdate } from './janus-videoroom.ts'

// The Janus client's pure parts: the frames it sends, how it reads what Janus answers, and the
// subscription's bookkeeping as publishers come and go.

const camera = (mid: string) => ({ type: 'video', mid, screen: false })
const mic = (mid: string) => ({ type: 'audio', mid, screen: false })

describe('the frames sent to Janus', () => {
  it('carry the transaction and the core token on every request', () => {
    const frame = JSON.parse(framed({ janus: 'keepalive', session_id: 7 }, 't1', 'core-token'))
    expect(frame).toEqual({ janus: 'keepalive', session_id: 7, transaction: 't1', token: 'core-token' })
  })

  it('join the room as a publisher with the ticket and the feed id of the token', () => {
    expect(publisherJoin({ room: 42, feedId: 9, display: 'u1', ticket: 'ticket' })).toEqual({
      request: 'join',
      ptype: 'publisher',
      room: 42,
      id: 9,
      display: 'u1',
      token: 'ticket',
    })
  })

  it('leave out an empty half of an update (Janus refuses an update with neither)', () => {
    expect(subscriptionUpdate([{ feed: 2, mid: '0' }], [])).toEqual({
      request: 'update',
      subscribe: [{ feed: 2, mid: '0' }],
    })
    expect(subscriptionUpdate([], [{ feed: 3 }])).toEqual({ request: 'update', unsubscribe: [{ feed: 3 }] })
  })
})

describe('what Janus answers, read', () => {
  it('tells an event with its sender, plugin data and offer from an ack', () => {
    const event = readIncoming(
      JSON.stringify({
        janus: 'event',
        transaction: 't4',
        sender: 11,
        plugindata: { plugin: 'janus.plugin.videoroom', data: { videoroom: 'attached', streams: [] } },
        jsep: { type: 'offer', sdp: 'v=0' },
      }),
    )
    expect(event).toEqual({
      kind: 'event',
      transaction: 't4',
      sender: 11,
      plugin: { videoroom: 'attached', streams: [] },
      jsep: { type: 'offer', sdp: 'v=0' },
    })
    expect(readIncoming('{"janus":"ack","transaction":"t4"}')).toEqual({ kind: 'ack', transaction: 't4' })
    expect(readIncoming('not json')).toBeNull()
  })

  it('reads the joined room with the publishers already there, their screen marked and disabled streams left out', () => {
    const event = readVideoroomEvent({
      videoroom: 'joined',
      id: 1,
      private_id: 77,
      publishers: [
        {
          id: 2,
          streams: [
            { type: 'audio', mid: '0' },
            { type: 'video', mid: '1' },
            { type: 'video', mid: '2', description: 'screen' },
            { type: 'video', mid: '3', disabled: true },
          ],
        },
      ],
    })
    expect(event).toEqual({
      type: 'joined',
      id: 1,
      privateId: 77,
      publishers: [{ id: 2, streams: [mic('0'), camera('1'), { type: 'video', mid: '2', screen: true }] }],
    })
  })

  it('reads a publisher gone (unpublished, left, kicked), talking, own kick and a refusal', () => {
    expect(readVideoroomEvent({ videoroom: 'event', unpublished: 5 })).toEqual({ type: 'gone', id: 5 })
    expect(readVideoroomEvent({ videoroom: 'event', leaving: 6 })).toEqual({ type: 'gone', id: 6 })
    expect(readVideoroomEvent({ videoroom: 'event', kicked: 8 })).toEqual({ type: 'gone', id: 8 })
    expect(readVideoroomEvent({ videoroom: 'event', leaving: 'ok', reason: 'kicked' })).toEqual({
      type: 'ended',
      reason: 'kicked',
    })
    expect(readVideoroomEvent({ videoroom: 'talking', id: 3 })).toEqual({
      type: 'talking',
      id: 3,
      talking: true,
    })
    expect(readVideoroomEvent({ videoroom: 'stopped-talking', id: 3 })).toEqual({
      type: 'talking',
      id: 3,
      talking: false,
    })
    expect(readVideoroomEvent({ videoroom: 'event', error_code: 426, error: 'No such room' })).toEqual({
      type: 'error',
      code: 426,
      error: 'No such room',
    })
  })
})

describe('the subscription book', () => {
  it('asks for every stream of the others once, never its own, and not again while Janus is answering', () => {
    const book = new SubscriptionBook(1)
    book.publishers([
      { id: 1, streams: [mic('0'), camera('1')] },
      { id: 2, streams: [mic('0'), camera('1')] },
    ])
    expect(book.next()).toEqual({
      subscribe: [
        { feed: 2, mid: '0' },
        { feed: 2, mid: '1' },
      ],
      unsubscribe: [],
    })
    expect(book.next()).toEqual({ subscribe: [], unsubscribe: [] })
  })

  it('maps the subscription mids to their publishers and drops a publisher who went', () => {
    const book = new SubscriptionBook(1)
    book.publishers([
      { id: 2, streams: [mic('0'), camera('1')] },
      { id: 3, streams: [mic('0'), camera('1'), { type: 'video', mid: '2', screen: true }] },
    ])
    book.next()
    book.subscribed([
      { mid: '0', type: 'audio', feedId: 2, feedMid: '0' },
      { mid: '1', type: 'video', feedId: 2, feedMid: '1' },
      { mid: '2', type: 'audio', feedId: 3, feedMid: '0' },
      { mid: '3', type: 'video', feedId: 3, feedMid: '1' },
      { mid: '4', type: 'video', feedId: 3, feedMid: '2' },
    ])
    expect(book.stream('4')).toEqual({ feedId: 3, type: 'video', screen: true })
    expect(book.cameraMids(3)).toEqual(['3'])
    book.gone(2)
    expect(book.next()).toEqual({ subscribe: [], unsubscribe: [{ feed: 2 }] })
  })

  it('unsubscribes a stream its publisher stopped (the screen) and subscribes one it started', () => {
    const book = new SubscriptionBook(1)
    book.publishers([{ id: 3, streams: [mic('0'), { type: 'video', mid: '2', screen: true }] }])
    book.next()
    book.subscribed([
      { mid: '0', type: 'audio', feedId: 3, feedMid: '0' },
      { mid: '1', type: 'video', feedId: 3, feedMid: '2' },
    ])
    book.publishers([{ id: 3, streams: [mic('0'), camera('1')] }])
    expect(book.next()).toEqual({ subscribe: [{ feed: 3, mid: '1' }], unsubscribe: [{ feed: 3, mid: '2' }] })
  })
})
