import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { Decoder } from 'ts-ebml'
import { build } from 'vite'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../scripts/find-chromium.ts'

// What the teacher's browser pays to record a group meeting (docs/decisions.md "Recording a group
// meeting"): Debian's Chromium with a fake camera and microphone shows TILES members (6, then 13) as
// the group room does, for SECONDS seconds without recording, then as long with the group recorder
// of src/web/features/recordings/call-recorder.ts drawing and encoding them; the browser's CPU
// (all its processes, /proc) in each phase, and the frame rate the finished WebM holds.
//   npm run bench:group-recording                       # 60 s per phase
//   RECORDING_SECONDS=20 npm run bench:group-recording

const seconds = Number(process.env.RECORDING_SECONDS ?? 60)
const port = Number(process.env.E2E_PORT ?? 28450) + 1
const recorderEntry = fileURLToPath(
  new URL('../src/web/features/recordings/call-recorder.ts', import.meta.url),
)

/** The group recorder as one script the page loads (window.GroupRecorder). */
async function recorderScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: recorderEntry, formats: ['iife'], name: 'GroupRecorder', fileName: 'recorder' },
    },
  })
  const [first] = Array.isArray(output) ? output : [output]
  if (!first || !('output' in first)) throw new Error('no bundle')
  const [chunk] = first.output
  if (chunk?.type !== 'chunk') throw new Error('no chunk')
  return chunk.code
}

const script = await recorderScript()
// The room's tiles: one fake camera (640×360) and microphone per member, shown as the grid shows
// them; then the group recorder records them, its chunks kept for the frame count.
const pageScript = `
let members = [], chunks = [], recorder = null
async function setup(count) {
  const own = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 360 }, audio: true })
  for (let i = 0; i < count; i++) {
    const stream = new MediaStream(own.getTracks().map((track) => track.clone()))
    const video = document.createElement('video')
    Object.assign(video, { muted: true, autoplay: true, srcObject: stream })
    video.style.width = '100%'
    document.getElementById('grid').append(video)
    members.push({ user_id: String(i), name: 'Uczestnik ' + (i + 1), stream, screen: null })
  }
}
function record() {
  recorder = GroupRecorder.startGroupRecorder({ members }, (b) => chunks.push(b), () => undefined)
}
async function stop() {
  await recorder.stop()
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer())
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}`
const page = `<!doctype html><meta charset="utf-8"><body style="margin:0;background:#111">
<div id="grid" style="display:grid;grid-template-columns:repeat(4,1fr);gap:4px"></div>
<script>${script}</script><script>${pageScript}</script></body>`
const server = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' })
  response.end(request.url === '/' ? page : '')
})
await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))

/** User and system CPU seconds of `pid` and all its descendants. */
function cpuSeconds(pid: number): number {
  const ticks = 100
  const children = (() => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
    } catch {
      return []
    }
  })()
  let own = 0
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    own = (Number(fields[11]) + Number(fields[12])) / ticks
  } catch {
    own = 0
  }
  return own + children.reduce((sum, child) => sum + cpuSeconds(child), 0)
}

/** Video frames per second in a WebM: the video track's blocks over its last timestamp. */
function framesPerSecond(file: Buffer): number {
  const elements = new Decoder().decode(file as unknown as ArrayBuffer)
  let videoTrack = 0
  let lastNumber = 0
  for (const element of elements) {
    if (element.name === 'TrackNumber' && 'value' in element) lastNumber = Number(element.value)
    if (element.name === 'TrackType' && 'value' in element && Number(element.value) === 1)
      videoTrack = lastNumber
  }
  let cluster = 0
  let frames = 0
  let lastMs = 0
  for (const element of elements) {
    if ((element.name === 'Timestamp' || element.name === 'Timecode') && 'value' in element)
      cluster = Number(element.value)
    if ((element.name === 'SimpleBlock' || element.name === 'Block') && 'data' in element) {
      const data = element.data as Uint8Array
      if (((data[0] ?? 0) & 0x7f) !== videoTrack) continue
      frames++
      lastMs = cluster + (((data[1] ?? 0) << 8) | (data[2] ?? 0))
    }
  }
  return lastMs > 0 ? (frames - 1) / (lastMs / 1000) : 0
}

const browser = await chromium.launch({
  executablePath: await findChromium(),
  args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
})
const browserPid = (() => {
  // Playwright's launcher is the parent of Chromium's main process.
  const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
  return children.split(' ').filter(Boolean).map(Number)
})()
const browserCpu = () => browserPid.reduce((sum, pid) => sum + cpuSeconds(pid), 0)

const results: string[] = []
try {
  for (const tiles of [6, 13]) {
    const tab = await browser.newPage()
    await tab.goto(`http://127.0.0.1:${port}/`)
    await tab.evaluate(`setup(${tiles})`)
    await tab.waitForTimeout(5000)
    const idleFrom = browserCpu()
    await tab.waitForTimeout(seconds * 1000)
    const idle = (browserCpu() - idleFrom) / seconds
    await tab.evaluate('record()')
    const recordingFrom = browserCpu()
    await tab.waitForTimeout(seconds * 1000)
    const recording = (browserCpu() - recordingFrom) / seconds
    const base64 = String(await tab.evaluate('stop()'))
    const file = Buffer.from(base64, 'base64')
    if (process.env.KEEP_WEBM) writeFileSync(`/tmp/group-rec-${tiles}.webm`, file)
    results.push(
      `| ${tiles} tiles | ${(idle * 100).toFixed(0)} % | ${(recording * 100).toFixed(0)} % | +${((recording - idle) * 100).toFixed(0)} % | ${framesPerSecond(file).toFixed(1)} of 15 | ${(file.length / 1_048_576 / (seconds / 60)).toFixed(1)} MB |`,
    )
    await tab.close()
  }
} finally {
  await browser.close()
  server.close()
}
console.log(`Chromium's CPU (100 % = one core), ${seconds} s per phase:`)
console.log('| room | shown only | shown and recorded | the recording | frames per second kept | a minute |')
console.log('| --- | --- | --- | --- | --- | --- |')
for (const line of results) console.log(line)
