import type { VideoConfig } from '../../config.ts'
import { createLearncube, type Learncube } from './learncube.ts'
import { createVonageVideo, type VonageVideo } from './vonage.ts'

// The outside classrooms the school has configured (issue #23); undefined: not configured.

export type VideoProviders = {
  vonage: VonageVideo | undefined
  learncube: Learncube | undefined
}

export const createVideoProviders = (config: VideoConfig): VideoProviders => ({
  vonage: config.vonage ? createVonageVideo(config.vonage) : undefined,
  learncube: config.learncube ? createLearncube(config.learncube) : undefined,
})

/** Addresses the browser talks to for each configured provider (the Content-Security-Policy). */
export function providerSources(config: VideoConfig): {
  script: string[]
  style: string[]
  connect: string[]
  img: string[]
  frame: string[]
} {
  const sources = {
    script: [] as string[],
    style: [] as string[],
    connect: [] as string[],
    img: [] as string[],
    frame: [] as string[],
  }
  if (config.vonage) {
    // Vonage's client SDK (a chunk of this app) talks to Vonage's servers; media go over WebRTC.
    for (const host of ['*.opentok.com', '*.tokbox.com', '*.vonage.com'])
      sources.connect.push(`https://${host}`, `wss://${host}`)
  }
  if (config.learncube) {
    const client = new URL(config.learncube.clientUrl).origin
    const style = new URL(config.learncube.styleUrl).origin
    sources.script.push(client)
    sources.style.push(style)
    // The classroom's script calls LearnCube's API and realtime servers and shows its pictures.
    sources.connect.push(new URL(config.learncube.apiUrl).origin)
    for (const host of ['*.learncube.com', '*.learncube.net']) {
      sources.connect.push(`https://${host}`, `wss://${host}`)
      sources.img.push(`https://${host}`)
      sources.frame.push(`https://${host}`)
    }
    sources.img.push(client, style)
  }
  return sources
}
