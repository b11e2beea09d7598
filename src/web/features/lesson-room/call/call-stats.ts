import * as v from 'valibot'

// The connection-quality indicator and the tests' evidence come from getStats: the selected
// candidate pair (round-trip time, the local candidate's type), the inbound RTP streams (bytes
// and packets received and lost). Each reading is compared with the previous one.

export type Quality = 'good' | 'fair' | 'poor' | 'unknown'

export type CallStats = {
  at: number
  rttMs: number | null
  /** Share of inbound packets lost since the previous reading (0–1). */
  loss: number | null
  /** Inbound bitrate since the previous reading, kbit/s. */
  inboundKbps: number | null
  audioBytesReceived: number
  videoBytesReceived: number
  packetsReceived: number
  packetsLost: number
  /** When inbound packets were last seen arriving (a reading with a changed count): null before any. */
  lastPacketAt: number | null
  /** host, srflx, prflx or relay: the local end of the pair in use. */
  localCandidateType: string | null
  quality: Quality
}

const num = v.optional(v.number())
const transportStat = v.object({
  type: v.literal('transport'),
  selectedCandidatePairId: v.optional(v.string()),
})
const pairStat = v.object({
  type: v.literal('candidate-pair'),
  id: v.string(),
  state: v.optional(v.string()),
  nominated: v.optional(v.boolean()),
  selected: v.optional(v.boolean()),
  localCandidateId: v.optional(v.string()),
  currentRoundTripTime: num,
})
const candidateStat = v.object({
  type: v.literal('local-candidate'),
  id: v.string(),
  candidateType: v.optional(v.string()),
})
const inboundStat = v.object({
  type: v.literal('inbound-rtp'),
  kind: v.optional(v.string()),
  bytesReceived: num,
  packetsReceived: num,
  packetsLost: num,
})

type Pair = v.InferOutput<typeof pairStat>

/** The stats objects of one report, as plain values (RTCStatsReport is a map). */
export function statsEntries(report: RTCStatsReport): unknown[] {
  const entries: unknown[] = []
  report.forEach((value: unknown) => {
    entries.push(value)
  })
  return entries
}

/** spec-free thresholds, as call apps use them: under 250 ms and 2 % loss is good. */
export function qualityOf(rttMs: number | null, loss: number | null): Quality {
  if (rttMs === null && loss === null) return 'unknown'
  const rtt = rttMs ?? 0
  const lost = loss ?? 0
  if (rtt <= 250 && lost <= 0.02) return 'good'
  if (rtt <= 500 && lost <= 0.08) return 'fair'
  return 'poor'
}

export function readStats(entries: unknown[], previous: CallStats | null, at: number): CallStats {
  let selectedId: string | undefined
  const pairs: Pair[] = []
  const candidates = new Map<string, string | undefined>()
  let audioBytes = 0
  let videoBytes = 0
  let received = 0
  let lost = 0
  for (const entry of entries) {
    const transport = v.safeParse(transportStat, entry)
    if (transport.success) selectedId ??= transport.output.selectedCandidatePairId
    const pair = v.safeParse(pairStat, entry)
    if (pair.success) pairs.push(pair.output)
    const candidate = v.safeParse(candidateStat, entry)
    if (candidate.success) candidates.set(candidate.output.id, candidate.output.candidateType)
    const inbound = v.safeParse(inboundStat, entry)
    if (inbound.success) {
      const bytes = inbound.output.bytesReceived ?? 0
      if (inbound.output.kind === 'audio') audioBytes += bytes
      if (inbound.output.kind === 'video') videoBytes += bytes
      received += inbound.output.packetsReceived ?? 0
      lost += Math.max(0, inbound.output.packetsLost ?? 0)
    }
  }
  const pair =
    pairs.find((p) => p.id === selectedId) ??
    pairs.find((p) => p.selected === true) ??
    pairs.find((p) => p.nominated === true && p.state === 'succeeded')
  const rttMs = pair?.currentRoundTripTime === undefined ? null : Math.round(pair.currentRoundTripTime * 1000)
  const localCandidateType = pair?.localCandidateId ? (candidates.get(pair.localCandidateId) ?? null) : null

  let loss: number | null = null
  let inboundKbps: number | null = null
  if (previous && at > previous.at) {
    const newReceived = received - previous.packetsReceived
    const newLost = lost - previous.packetsLost
    if (newReceived + newLost > 0) loss = Math.max(0, newLost) / (newReceived + Math.max(0, newLost))
    const newBytes = audioBytes + videoBytes - previous.audioBytesReceived - previous.videoBytesReceived
    inboundKbps = Math.max(0, Math.round((newBytes * 8) / (at - previous.at)))
  }
  const quality = pair ? qualityOf(rttMs, loss) : 'unknown'
  // A changed count, not a larger one: a new connection starts counting from zero again.
  const arrived = received > 0 && received !== (previous?.packetsReceived ?? 0)
  return {
    at,
    rttMs,
    loss,
    inboundKbps,
    audioBytesReceived: audioBytes,
    videoBytesReceived: videoBytes,
    packetsReceived: received,
    packetsLost: lost,
    lastPacketAt: arrived ? at : (previous?.lastPacketAt ?? null),
    localCandidateType,
    quality,
  }
}
