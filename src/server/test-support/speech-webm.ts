// An audio-only WebM as MediaRecorder writes one for the lesson recap (EBML header, a Segment and
// Clusters of unknown size, Opus blocks 20 ms apart), whose blocks are large while someone speaks
// and a few bytes in the pauses, as Opus encodes silence.

const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]

function sizeVint(n: number): Buffer {
  if (n < 0x7f) return Buffer.from([0x80 | n])
  if (n < 0x3fff) return Buffer.from([0x40 | (n >> 8), n & 0xff])
  return Buffer.from([0x20 | (n >> 16), (n >> 8) & 0xff, n & 0xff])
}
const element = (id: number[], ...data: Buffer[]) => {
  const body = Buffer.concat(data)
  return Buffer.concat([Buffer.from(id), sizeVint(body.length), body])
}
const uint = (id: number[], value: number) => {
  const bytes: number[] = []
  for (let v = value; v > 0 || bytes.length === 0; v = Math.floor(v / 256)) bytes.unshift(v % 256)
  return element(id, Buffer.from(bytes))
}

function header(): Buffer {
  const ebml = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    uint([0x42, 0x86], 1),
    element([0x42, 0x82], Buffer.from('webm')),
  )
  const info = element([0x15, 0x49, 0xa9, 0x66], uint([0x2a, 0xd7, 0xb1], 1_000_000))
  const opus = element([0xae], uint([0xd7], 1), uint([0x83], 2), element([0x86], Buffer.from('A_OPUS')))
  const tracks = element([0x16, 0x54, 0xae, 0x6b], opus)
  return Buffer.concat([ebml, Buffer.from([0x18, 0x53, 0x80, 0x67, ...UNKNOWN_SIZE]), info, tracks])
}

/** `seconds` of audio whose `pauses` ([from, to] in seconds) are silent; a cluster every 10 s. */
export function speechWebm(seconds: number, pauses: [number, number][], speechBytes = 150): Buffer {
  const out = [header()]
  for (let cluster = 0; cluster < seconds * 1000; cluster += 10_000) {
    const blocks = [uint([0xe7], cluster)]
    for (let ms = cluster; ms < Math.min(cluster + 10_000, seconds * 1000); ms += 20) {
      const silent = pauses.some(([from, to]) => ms >= from * 1000 && ms < to * 1000)
      const head = Buffer.from([0x81, 0, 0, 0x80])
      head.writeInt16BE(ms - cluster, 1)
      blocks.push(element([0xa3], head, Buffer.alloc(silent ? 3 : speechBytes, ms & 0xff)))
    }
    out.push(Buffer.from([0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN_SIZE]), ...blocks)
  }
  return Buffer.concat(out)
}
