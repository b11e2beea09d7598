import type { VonagePublisher, VonageSdk, VonageSession } from './vonage-api.ts'

// The microphone's and camera's publisher of a Vonage session, shared by the lesson's link
// (vonage-link.ts) and the group meeting's media (group/vonage-group-media.ts).

/** A publisher and the tracks it was made from (it holds clones of them). */
export type Published = {
  handle: VonagePublisher
  audio: MediaStreamTrack | null
  video: MediaStreamTrack | null
}

/**
 * Publishes `audio` and `video` as a new publisher, then unpublishes `previous` once the new one is
 * up (or failed), while `current()` still holds: the SDK cannot swap a video track it was given (its
 * setVideoSource takes a camera's device id only), so the other side keeps the old until the new
 * arrives. The SDK gets clones: it stops the tracks when it destroys the publisher.
 */
export function republish(
  sdk: VonageSdk,
  session: VonageSession,
  previous: Published | null,
  tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null; publishAudio: boolean },
  current: () => boolean,
): Published | null {
  const { audio, video, publishAudio } = tracks
  const unpublish = () => {
    if (previous) session.unpublish(previous.handle)
  }
  if (!audio && !video) {
    unpublish()
    return null
  }
  const handle = sdk.initPublisher(
    undefined,
    {
      insertDefaultUI: false,
      audioSource: audio?.clone() ?? null,
      videoSource: video?.clone() ?? null,
      publishAudio,
      publishVideo: video !== null,
      videoContentHint: '',
    },
    (error) => {
      if (error) console.warn('The call could not prepare its media', error)
    },
  )
  session.publish(handle, (error) => {
    if (error) console.warn('The call could not publish its media', error)
    if (current()) unpublish()
  })
  return { handle, audio, video }
}
