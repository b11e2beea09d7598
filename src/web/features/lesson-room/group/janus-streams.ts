import type {
  PublishedStream,
  Publisher,
  StreamDrop,
  StreamRef,
  SubscribedStream,
} from './janus-videoroom.ts'

// The subscriber's bookkeeping: which streams the others publish, which ones the subscription
// holds (by its own mids), and what to ask for next. Janus may answer several updates with one
// offer, so what was asked for and not yet in the layout is remembered, not asked for twice.

export type StreamInfo = { feedId: number; type: string; screen: boolean }

const key = (feed: number, mid: string) => `${feed}:${mid}`

export class SubscriptionBook {
  private readonly published = new Map<number, PublishedStream[]>()
  private layout: SubscribedStream[] = []
  private readonly requested = new Set<string>()
  private readonly ownFeed: number

  constructor(ownFeed: number) {
    this.ownFeed = ownFeed
  }

  /** Publishers as the room announced them (joined, or a new or changed publisher). */
  publishers(list: Publisher[]): void {
    for (const publisher of list) {
      if (publisher.id !== this.ownFeed) this.published.set(publisher.id, publisher.streams)
    }
  }

  gone(feedId: number): void {
    this.published.delete(feedId)
  }

  /** The subscription's layout as Janus last described it. */
  subscribed(streams: SubscribedStream[]): void {
    this.layout = streams
    for (const stream of streams) this.requested.delete(key(stream.feedId, stream.feedMid))
  }

  /** Whether the subscription exists yet (its handle is made with the first streams). */
  get empty(): boolean {
    return this.layout.length === 0 && this.requested.size === 0
  }

  /** Streams published and not yet asked for; streams held whose publisher took them away. */
  next(): { subscribe: StreamRef[]; unsubscribe: StreamDrop[] } {
    const held = new Set(this.layout.map((stream) => key(stream.feedId, stream.feedMid)))
    const subscribe: StreamRef[] = []
    for (const [feed, streams] of this.published) {
      for (const stream of streams) {
        const id = key(feed, stream.mid)
        if (held.has(id) || this.requested.has(id)) continue
        this.requested.add(id)
        subscribe.push({ feed, mid: stream.mid })
      }
    }
    const unsubscribe: StreamDrop[] = []
    for (const stream of this.layout) {
      const streams = this.published.get(stream.feedId)
      if (!streams) {
        if (!unsubscribe.some((drop) => drop.feed === stream.feedId && drop.mid === undefined))
          unsubscribe.push({ feed: stream.feedId })
      } else if (!streams.some((published) => published.mid === stream.feedMid)) {
        unsubscribe.push({ feed: stream.feedId, mid: stream.feedMid })
      }
    }
    return { subscribe, unsubscribe }
  }

  /** What the subscription's stream `mid` carries. */
  stream(mid: string): StreamInfo | null {
    const stream = this.layout.find((held) => held.mid === mid)
    if (!stream) return null
    const published = this.published.get(stream.feedId)?.find((one) => one.mid === stream.feedMid)
    return { feedId: stream.feedId, type: stream.type, screen: published?.screen ?? false }
  }

  /** The subscription's mids of a feed's camera video (its simulcast layer is chosen per tile). */
  cameraMids(feedId: number): string[] {
    return this.layout
      .filter((stream) => stream.feedId === feedId && stream.type === 'video')
      .filter((stream) => this.stream(stream.mid)?.screen !== true)
      .map((stream) => stream.mid)
  }
}
