import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { BrowserContext, Page } from '@playwright/test'

// What bench/group.ts reads: processes' CPU and memory from /proc, a page's WebRTC counters from
// getStats on every peer connection it made, and the fake camera's low-resolution picture.

const TICKS = 100

/** The children of `pid` (all its threads'). */
export function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    )
  } catch {
    return []
  }
}

export const commOf = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return ''
  }
}

/** User and system CPU seconds of `pid`, with all its descendants when `tree`. */
export function cpuSeconds(pid: number, tree = false): number {
  let own = 0
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    own = (Number(fields[11]) + Number(fields[12])) / TICKS
  } catch {
    own = 0
  }
  if (!tree) return own
  return own + childrenOf(pid).reduce((sum, child) => sum + cpuSeconds(child, true), 0)
}

/** Resident memory of `pid` in bytes, with its descendants' when `tree`. */
export function rssBytes(pid: number, tree = false): number {
  let own = 0
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
    own = line ? Number(line[1]) * 1024 : 0
  } catch {
    own = 0
  }
  if (!tree) return own
  return own + childrenOf(pid).reduce((sum, child) => sum + rssBytes(child, true), 0)
}

/**
 * A looping Y4M clip for Chromium's fake camera (--use-file-for-fake-video-capture): a drifting
 * gradient with a moving box, so the encoder has motion to send, at `width`×`height` and 15 fps.
 */
export function writeFakeCamera(file: string, width: number, height: number, frames = 45): void {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\n`)
  const luma = width * height
  const chroma = (width / 2) * (height / 2)
  const parts: Buffer[] = [header]
  for (let f = 0; f < frames; f++) {
    const frame = Buffer.alloc(luma + 2 * chroma)
    const boxX = Math.floor(((f / frames) * (width - width / 4)) | 0)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const inBox = x >= boxX && x < boxX + width / 4 && y >= height / 3 && y < (2 * height) / 3
        frame[y * width + x] = inBox ? 235 : ((x + y + f * 6) % 200) + 16
      }
    }
    frame.fill(100 + (f % 30), luma, luma + chroma)
    frame.fill(150, luma + chroma)
    parts.push(Buffer.from('FRAME\n'), frame)
  }
  writeFileSync(file, Buffer.concat(parts))
}

declare global {
  interface Window {
    benchPeerConnections?: RTCPeerConnection[]
  }
}

/** Every peer connection the context's pages make is kept where `readPageStats` finds it. */
export async function keepPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Original = window.RTCPeerConnection
    const kept: RTCPeerConnection[] = []
    window.benchPeerConnections = kept
    window.RTCPeerConnection = class extends Original {
      constructor(configuration?: RTCConfiguration) {
        super(configuration)
        kept.push(this)
      }
    }
  })
}

export type VideoLayer = { id: string; rid: string; bytes: number; width: number }

/** A page's cumulative WebRTC counters over its open peer connections. */
export type PageStats = {
  at: number
  /** RTP payload bytes sent, audio and video (outbound-rtp bytesSent). */
  sent: number
  /** Senders with a video track: the streams this page publishes. */
  videoSenders: number
  /** Each outbound video encoding (a simulcast layer is one). */
  layers: VideoLayer[]
  /** Video frames decoded over every received video stream. */
  framesDecoded: number
  inboundVideo: number
  received: number
}

export async function readPageStats(page: Page): Promise<PageStats> {
  const stats = await page.evaluate(async () => {
    const result = { sent: 0, videoSenders: 0, framesDecoded: 0, inboundVideo: 0, received: 0 }
    const layers: { id: string; rid: string; bytes: number; width: number }[] = []
    for (const connection of window.benchPeerConnections ?? []) {
      if (connection.connectionState === 'closed') continue
      result.videoSenders += connection.getSenders().filter((sender) => sender.track?.kind === 'video').length
      const report = await connection.getStats()
      report.forEach((entry) => {
        if (entry.type === 'outbound-rtp') {
          result.sent += Number(entry.bytesSent ?? 0)
          if (entry.kind === 'video')
            layers.push({
              id: String(entry.id),
              rid: String(entry.rid ?? ''),
              bytes: Number(entry.bytesSent ?? 0),
              width: Number(entry.frameWidth ?? 0),
            })
        }
        if (entry.type === 'inbound-rtp') {
          result.received += Number(entry.bytesReceived ?? 0)
          if (entry.kind === 'video') {
            result.inboundVideo++
            result.framesDecoded += Number(entry.framesDecoded ?? 0)
          }
        }
      })
    }
    return { ...result, layers }
  })
  return { ...stats, at: Date.now() }
}

/** Upload in bytes per second between two readings, and received video frames/s per stream. */
export function uploadBetween(
  from: PageStats,
  to: PageStats,
): { perSecond: number; downloadPerSecond: number; topLayerOnly: number; activeLayers: number; fps: number } {
  const seconds = (to.at - from.at) / 1000
  const before = new Map(from.layers.map((layer) => [layer.id, layer.bytes]))
  const deltas = to.layers.map((layer) => ({ ...layer, delta: layer.bytes - (before.get(layer.id) ?? 0) }))
  const top = deltas.reduce<(typeof deltas)[number] | undefined>(
    (best, layer) => (!best || layer.width > best.width ? layer : best),
    undefined,
  )
  return {
    perSecond: Math.max(0, to.sent - from.sent) / seconds,
    downloadPerSecond: Math.max(0, to.received - from.received) / seconds,
    // The upload had the page sent its top layer alone: the lower layers' bytes taken away.
    topLayerOnly:
      Math.max(
        0,
        to.sent - from.sent - deltas.reduce((sum, layer) => sum + (layer === top ? 0 : layer.delta), 0),
      ) / seconds,
    activeLayers: deltas.filter((layer) => layer.delta > 0).length,
    fps:
      to.inboundVideo > 0
        ? Math.max(0, to.framesDecoded - from.framesDecoded) / seconds / to.inboundVideo
        : 0,
  }
}
