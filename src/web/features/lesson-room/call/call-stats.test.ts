import { describe, expect, it } from 'vitest'
import { qualityOf, readStats } from './call-stats.ts'

const report = (over: { audio: number; video: number; received: number; lost: number; rtt: number }) => [
  { type: 'transport', id: 'T1', selectedCandidatePairId: 'P1' },
  { type: 'candidate-pair', id: 'P0', state: 'failed', localCandidateId: 'L0', currentRoundTripTime: 2 },
  {
    type: 'candidate-pair',
    id: 'P1',
    state: 'succeeded',
    localCandidateId: 'L1',
    currentRoundTripTime: over.rtt,
  },
  { type: 'local-candidate', id: 'L0', candidateType: 'host' },
  { type: 'local-candidate', id: 'L1', candidateType: 'relay' },
  {
    type: 'inbound-rtp',
    kind: 'audio',
    bytesReceived: over.audio,
    packetsReceived: over.received,
    packetsLost: over.lost,
  },
  { type: 'inbound-rtp', kind: 'video', bytesReceived: over.video, packetsReceived: 0, packetsLost: 0 },
  { type: 'codec', id: 'C1', mimeType: 'audio/opus' },
]

describe('readStats', () => {
  it('reads the selected pair, its local candidate type and the inbound bytes', () => {
    const stats = readStats(
      report({ audio: 1000, video: 5000, received: 100, lost: 0, rtt: 0.042 }),
      null,
      1_000,
    )
    expect(stats).toMatchObject({
      rttMs: 42,
      localCandidateType: 'relay',
      audioBytesReceived: 1000,
      videoBytesReceived: 5000,
      loss: null,
      quality: 'good',
    })
  })

  it('measures loss and bitrate since the previous reading', () => {
    const first = readStats(report({ audio: 0, video: 0, received: 100, lost: 0, rtt: 0.05 }), null, 0)
    const second = readStats(
      report({ audio: 50_000, video: 200_000, received: 190, lost: 10, rtt: 0.05 }),
      first,
      2_000,
    )
    expect(second.loss).toBeCloseTo(0.1)
    expect(second.inboundKbps).toBe(1000)
    expect(second.quality).toBe('poor')
  })

  it('knows nothing before a pair is selected', () => {
    expect(readStats([{ type: 'codec', id: 'C' }], null, 0).quality).toBe('unknown')
  })
})

describe('qualityOf', () => {
  it('grades round-trip time and loss as good, fair or poor', () => {
    expect(qualityOf(120, 0.01)).toBe('good')
    expect(qualityOf(400, 0.01)).toBe('fair')
    expect(qualityOf(120, 0.05)).toBe('fair')
    expect(qualityOf(900, 0)).toBe('poor')
    expect(qualityOf(null, null)).toBe('unknown')
  })
})
