import type { JanusConfig, VideoConfig } from '../../config.ts'
import { createGroupServers, type GroupServers } from './group-server.ts'
import { createLearncube, type Learncube } from './learncube.ts'
import { createVonageVideo, type VonageVideo } from './vonage.ts'

// The outside classrooms the school has configured; undefined: not configured.

export type VideoProviders = {
  vonage: VonageVideo | undefined
  learncube: Learncube | undefined
  /** The group room's Janus servers (JANUS_URL). */
  janus: GroupServers | undefined
}

export const createVideoProviders = (config: VideoConfig, janus?: JanusConfig): VideoProviders => ({
  vonage: config.vonage ? createVonageVideo(config.vonage) : undefined,
  learncube: config.learncube ? createLearncube(config.learncube) : undefined,
  janus: janus ? createGroupServers(janus) : undefined,
})

/** Vonage's servers, which its client SDK (a chunk of this app) talks to; media go over WebRTC. */
const VONAGE_HOSTS = ['*.opentok.com', '*.tokbox.com', '*.vonage.com']
/** LearnCube's classroom: its script and style sheet, its API and realtime servers, its pictures. */
const LEARNCUBE_HOSTS = ['*.learncube.com', '*.learncube.net']

/**
 * Addresses the browser may talk to for the outside classrooms (the Content-Security-Policy).
 * Vonage's and LearnCube's own hosts are always allowed, configured or not: the policy reaches an
 * installed app with the shell its service worker cached, so a policy that followed the
 * configuration would keep blocking a classroom the school has just turned on until the next
 * app update. Addresses of a non-default LearnCube (LEARNCUBE_*_URL) are added when configured.
 */
export function providerSources(config: VideoConfig): {
  script: string[]
  style: string[]
  connect: string[]
  img: string[]
  frame: string[]
} {
  const https = (hosts: string[]) => hosts.map((host) => `https://${host}`)
  const wss = (hosts: string[]) => hosts.map((host) => `wss://${host}`)
  const learncube = config.learncube
  const custom = learncube
    ? [learncube.clientUrl, learncube.styleUrl, learncube.apiUrl]
        .map((url) => new URL(url).origin)
        .filter((origin) => !LEARNCUBE_HOSTS.some((host) => new URL(origin).hostname.endsWith(host.slice(1))))
    : []
  const unique = (list: string[]) => [...new Set(list)]
  return {
    script: unique([...https(LEARNCUBE_HOSTS), ...custom]),
    style: unique([...https(LEARNCUBE_HOSTS), ...custom]),
    connect: unique([
      ...https(VONAGE_HOSTS),
      ...wss(VONAGE_HOSTS),
      ...https(LEARNCUBE_HOSTS),
      ...wss(LEARNCUBE_HOSTS),
      ...custom,
    ]),
    img: unique([...https(LEARNCUBE_HOSTS), ...custom]),
    frame: https(LEARNCUBE_HOSTS),
  }
}
