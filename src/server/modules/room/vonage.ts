import { ArchiveMode, ArchiveOutputMode, MediaMode, StreamMode, Video } from '@vonage/video'
import type { RecordingStream } from '../../../domain/api/recordings.ts'
import type { VonageConfig } from '../../config.ts'

// Vonage video, an outside service, through its official server library (@vonage/video). Everything
// the app asks of Vonage goes through this one adapter: its routed sessions, client tokens, and
// archives in manual stream mode. Tests stand a fake Vonage REST API in at `VONAGE_API_URL`;
// nothing here is faked.

/** What Vonage says of an archive (its REST answer, the fields the app reads). */
export type VonageArchive = {
  id: string
  /** started, stopped, uploaded, available, expired, failed, paused, deleted. */
  status: string
  /** Where the finished file is, once `available` (a short-lived address at Vonage's storage). */
  url: string | null
  /** Seconds. */
  duration: number | null
  size: number | null
}

export type VonageVideo = {
  /** A new routed session (media through Vonage's servers, archives possible). */
  createSession(): Promise<string>
  /** A client token for one party: its role, its name in the session, valid until `expiresAt`. */
  clientToken(
    sessionId: string,
    party: { role: 'teacher' | 'student'; userId: string; expiresAt: Date },
  ): string
  /** Starts an archive whose streams the app chooses (manual stream mode): none until `select`. */
  startArchive(sessionId: string, name: string): Promise<VonageArchive>
  /**
   * Makes the archive show what `stream` says: the cameras, or the shared screen with the
   * cameras' sound. Streams published later are added by the next call.
   */
  select(archiveId: string, sessionId: string, stream: RecordingStream): Promise<void>
  stopArchive(archiveId: string): Promise<VonageArchive>
  getArchive(archiveId: string): Promise<VonageArchive>
  deleteArchive(archiveId: string): Promise<void>
}

/** How long one request to Vonage may take. */
const REQUEST_TIMEOUT_MS = 10_000

type StreamInfo = { id: string; videoType?: string }

const toArchive = (answer: Record<string, unknown>): VonageArchive => ({
  id: String(answer.id),
  status: String(answer.status),
  url: typeof answer.url === 'string' && answer.url !== '' ? answer.url : null,
  duration: typeof answer.duration === 'number' ? answer.duration : null,
  size: typeof answer.size === 'number' ? answer.size : null,
})

export function createVonageVideo(config: VonageConfig): VonageVideo {
  const video = new Video(
    { applicationId: config.applicationId, privateKey: config.privateKey },
    { videoHost: config.apiUrl, timeout: REQUEST_TIMEOUT_MS },
  )
  const streamsOf = async (sessionId: string): Promise<StreamInfo[]> => {
    const answer = (await video.getStreamInfo(sessionId)) as { items?: StreamInfo[] }
    return answer.items ?? []
  }
  return {
    async createSession() {
      // Routed (not relayed peer to peer), so that it can be archived; archives are started by hand.
      const session = await video.createSession({
        mediaMode: MediaMode.ROUTED,
        archiveMode: ArchiveMode.MANUAL,
      })
      return session.sessionId
    },
    clientToken(sessionId, party) {
      return video.generateClientToken(sessionId, {
        // The teacher may moderate (Vonage's own name for it); the student publishes and subscribes.
        role: party.role === 'teacher' ? 'moderator' : 'publisher',
        data: JSON.stringify({ user_id: party.userId, role: party.role }),
        expireTime: Math.floor(party.expiresAt.getTime() / 1000),
      })
    },
    async startArchive(sessionId, name) {
      const answer = await video.startArchive(sessionId, {
        name,
        outputMode: ArchiveOutputMode.COMPOSED,
        streamMode: StreamMode.MANUAL,
        hasAudio: true,
        hasVideo: true,
      })
      return toArchive(answer as unknown as Record<string, unknown>)
    },
    async select(archiveId, sessionId, stream) {
      for (const item of await streamsOf(sessionId)) {
        const screen = item.videoType === 'screen'
        if (stream === 'camera' && screen) await video.removeArchiveStream(archiveId, item.id)
        else if (stream === 'camera') await video.addArchiveStream(archiveId, item.id, true, true)
        // The screen is shown; the cameras are heard, not seen.
        else await video.addArchiveStream(archiveId, item.id, !screen, screen)
      }
    },
    async stopArchive(archiveId) {
      return toArchive((await video.stopArchive(archiveId)) as unknown as Record<string, unknown>)
    },
    async getArchive(archiveId) {
      return toArchive((await video.getArchive(archiveId)) as unknown as Record<string, unknown>)
    },
    async deleteArchive(archiveId) {
      await video.deleteArchive(archiveId)
    },
  }
}
