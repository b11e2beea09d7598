import type { MediaDevicesLike } from './call-session.ts'
import type { MediaKind } from './peer-link.ts'

// This side's media: the microphone, the camera and a shared screen. A muted microphone keeps
// its track (disabled: unmuting is instant); a camera turned off is stopped, so its light goes
// out. While a screen is shared it is what the video sender carries.

export class LocalTracks {
  audio: MediaStreamTrack | null
  camera: MediaStreamTrack | null
  screen: MediaStreamTrack | null = null
  private readonly devices: MediaDevicesLike

  constructor(devices: MediaDevicesLike, tracks: Partial<Record<MediaKind, MediaStreamTrack | null>>) {
    this.devices = devices
    this.audio = tracks.audio ?? null
    this.camera = tracks.video ?? null
  }

  get microphoneOn(): boolean {
    return this.audio?.enabled === true && this.audio.readyState === 'live'
  }

  get cameraOn(): boolean {
    return this.camera?.readyState === 'live'
  }

  /** What the video sender carries: the screen while shared, else the camera. */
  get video(): MediaStreamTrack | null {
    return this.screen ?? this.camera
  }

  /** The track of `kind` from `deviceId` (or the default device). */
  async acquire(kind: MediaKind, deviceId?: string): Promise<MediaStreamTrack> {
    const constraint: MediaTrackConstraints | boolean = deviceId ? { deviceId: { exact: deviceId } } : true
    const stream = await this.devices.getUserMedia(
      kind === 'audio' ? { audio: constraint } : { video: constraint },
    )
    const [track] = kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks()
    if (!track) throw new Error(`No ${kind} track`)
    return track
  }

  /** Replaces the track of `kind`, stopping the old one; the new keeps the microphone's mute. */
  swap(kind: MediaKind, track: MediaStreamTrack | null): void {
    if (kind === 'audio') {
      if (track && this.audio) track.enabled = this.audio.enabled
      this.audio?.stop()
      this.audio = track
    } else {
      this.camera?.stop()
      this.camera = track
    }
  }

  deviceOf(kind: MediaKind): string | undefined {
    return (kind === 'audio' ? this.audio : this.camera)?.getSettings().deviceId
  }

  stopAll(): void {
    for (const track of [this.audio, this.camera, this.screen]) track?.stop()
    this.audio = null
    this.camera = null
    this.screen = null
  }
}
