import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MATERIAL_FIELDS } from '../../domain/api/my-lessons.ts'
import { builtinRoomTokenResponse } from '../../domain/api/room.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { addLessonAt, lessonParties, type Party, parseLesson } from '../test-support/my-lessons.ts'
import { connectRoom, type RoomClient } from '../test-support/room-client.ts'
import { type S3StandIn, startS3StandIn } from '../test-support/s3-server.ts'
import { multipart, pdfOfSize, pngFile } from '../test-support/sample-files.ts'
import { type ServerProcess, startServerProcess } from '../test-support/server-process.ts'
import { storyNow } from '../test-support/story-clock.ts'

// Two app nodes with different DATA_DIRs (no shared disk) on one PostgreSQL and one S3 store
// (s3rver, the outside store's stand-in: test-support/s3-server.ts). What one node stores the other
// serves, Range included; a room whose parties are on different nodes holds its call and chat; a
// node drained with SIGTERM mid-call sends its party to the other node at once (close 1012) while
// the request it had in flight still finishes.

let t: TestApp
let s3: S3StandIn
let dirs: string[]
let a: ServerProcess
let b: ServerProcess
const clients: RoomClient[] = []

beforeAll(async () => {
  t = await buildTestApp()
  s3 = await startS3StandIn()
  dirs = [mkdtempSync(path.join(tmpdir(), 'lk-node-a-')), mkdtempSync(path.join(tmpdir(), 'lk-node-b-'))]
  const env = (dataDir: string) => ({
    ...t.databaseEnv,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    // No FILES_SECRET: with S3 the nodes share the database's (platform/file-urls.ts).
    ...s3.env,
  })
  const [dirA = '', dirB = ''] = dirs
  ;[a, b] = await Promise.all([startServerProcess(env(dirA)), startServerProcess(env(dirB))])
}, 120_000)
afterAll(async () => {
  for (const client of clients) client.close()
  await Promise.all([a?.stop(), b?.stop()])
  await s3?.close()
  await t?.close()
  for (const dir of dirs ?? []) rmSync(dir, { recursive: true, force: true })
})

const bearer = (party: Party) => ({ authorization: `Bearer ${party.token}` })

/** A scheduled lesson of a fresh pair, `inMinutes` from now by the real clock the nodes run on. */
async function lessonIn(inMinutes: number) {
  t.clock.set(storyNow())
  const pair = await lessonParties(t)
  return { pair, lesson: await addLessonAt(t, pair, inMinutes) }
}

/**
 * A material's multipart body (the fields of product-rules.md "API calls"), as a browser's FormData
 * sends it.
 */
async function materialBody(lessonId: string, bytes: Buffer) {
  const form = new FormData()
  form.append(MATERIAL_FIELDS.lessonId, lessonId)
  form.append(MATERIAL_FIELDS.file, new Blob([bytes], { type: 'application/pdf' }), 'notes.pdf')
  const response = new Response(form)
  return {
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type') ?? '',
  }
}

const ranged = (url: string, party: Party | null, range: string) =>
  fetch(url, { headers: { ...(party ? bearer(party) : {}), range } })

/** Nothing of the files went to either node's disk. */
const nodeFiles = () => dirs.flatMap((dir) => readdirSync(dir).filter((name) => name === 'files'))

async function tokenOn(server: ServerProcess, party: Party, lessonId: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/lessons/generate_token`, {
    method: 'POST',
    headers: { ...bearer(party), 'content-type': 'application/json' },
    body: JSON.stringify({ lesson_id: lessonId }),
  })
  return v.parse(builtinRoomTokenResponse, await response.json()).data.token
}

async function enter(server: ServerProcess, party: Party, lessonId: string) {
  const client = connectRoom(server.url, await tokenOn(server, party, lessonId), { session: party.token })
  clients.push(client)
  return client
}

describe('two app nodes on one database and one bucket', () => {
  it('serves through node B a material uploaded through node A, with Range', async () => {
    const { pair, lesson } = await lessonIn(60)
    const bytes = pdfOfSize(300_000)
    const { body, type } = await materialBody(lesson.id, bytes)
    const upload = await fetch(`${a.url}/api/v1/lessons/update`, {
      method: 'POST',
      headers: { ...bearer(pair.teacher), 'content-type': type },
      body,
    })
    expect(upload.status).toBe(200)
    const [file] = parseLesson(await upload.json()).lesson_files
    if (!file) throw new Error('no material')
    const whole = await fetch(`${b.url}${file.file_url}`, { headers: bearer(pair.student) })
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true)
    const part = await ranged(`${b.url}${file.file_url}`, pair.student, 'bytes=1000-1999')
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true)
    expect(nodeFiles()).toEqual([])
  })

  it('serves through node B a profile picture uploaded through node A, with Range', async () => {
    const { pair } = await lessonIn(60)
    const picture = pngFile(64)
    const form = await multipart({}, { image: { bytes: picture, filename: 'me.png', type: 'image/png' } })
    const update = await fetch(`${a.url}/api/v1/students/update`, {
      method: 'POST',
      headers: { ...bearer(pair.student), ...form.headers },
      body: form.payload,
    })
    expect(update.status).toBe(200)
    const url = ((await update.json()) as { data: { image_url: string } }).data.image_url
    const whole = await fetch(`${b.url}${url}`)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await whole.arrayBuffer()).equals(picture)).toBe(true)
    const part = await ranged(`${b.url}${url}`, null, 'bytes=0-7')
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(picture.subarray(0, 8))).toBe(true)
    expect(nodeFiles()).toEqual([])
  })

  it('holds a call and chat across the nodes; drained mid-call, node A sends its party to node B while its request in flight finishes', async () => {
    const { pair, lesson } = await lessonIn(0)
    const teacher = await enter(a, pair.teacher, lesson.id)
    expect(await teacher.next('welcome')).toMatchObject({ peer_present: false })
    const student = await enter(b, pair.student, lesson.id)
    expect(await student.next('welcome')).toMatchObject({ peer_present: true })
    await teacher.next('peer-joined')
    // The call's signalling, both ways, across the nodes.
    student.send({ type: 'signal', data: { description: { type: 'offer', sdp: 'v=0\r\n' } } })
    expect((await teacher.next('signal')).data.description?.type).toBe('offer')
    teacher.send({ type: 'signal', data: { description: { type: 'answer', sdp: 'v=0\r\n' } } })
    expect((await student.next('signal')).data.description?.type).toBe('answer')
    const chat = await fetch(`${a.url}/api/v1/lessons/chat`, {
      method: 'POST',
      headers: { ...bearer(pair.teacher), 'content-type': 'application/json' },
      body: JSON.stringify({ lesson_id: lesson.id, body: 'Dzień dobry!', client_id: randomUUID() }),
    })
    expect(chat.status).toBe(200)
    expect((await student.next('chat')).message.body).toBe('Dzień dobry!')
    expect((await teacher.next('chat')).message.body).toBe('Dzień dobry!')

    // A request in flight on node A: a material upload whose body the test holds back.
    const material = pdfOfSize(400_000)
    const { body, type } = await materialBody(lesson.id, material)
    let sendRest: () => void = () => {}
    const held = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body.subarray(0, 100_000))
        sendRest = () => {
          controller.enqueue(body.subarray(100_000))
          controller.close()
        }
      },
    })
    const inFlight = fetch(`${a.url}/api/v1/lessons/update`, {
      method: 'POST',
      headers: { ...bearer(pair.teacher), 'content-type': type },
      body: held,
      duplex: 'half',
    } as RequestInit)
    // Let the request reach the node before it is told to stop.
    await new Promise((resolve) => setTimeout(resolve, 500))

    const exited = new Promise<number | null>((resolve) => a.child.once('exit', (code) => resolve(code)))
    a.child.kill('SIGTERM')
    // At once, not after the drain: close 1012 tells the client to reconnect now (protocol §2).
    expect((await teacher.closed).code).toBe(1012)
    expect(a.child.exitCode).toBeNull()
    const back = await enter(b, pair.teacher, lesson.id)
    expect(await back.next('welcome')).toMatchObject({ peer_present: true })
    back.send({ type: 'signal', data: { description: { type: 'offer', sdp: 'v=0\r\n' } } })
    expect((await student.next('signal')).data.description?.type).toBe('offer')
    // The party came back through node B while node A was still draining its request.
    expect(a.child.exitCode).toBeNull()

    sendRest()
    const answer = await inFlight
    expect(answer.status).toBe(200)
    const stored = parseLesson(await answer.json()).lesson_files.at(-1)
    expect(await exited).toBe(0)
    if (!stored) throw new Error('no material')
    const download = await fetch(`${b.url}${stored.file_url}`, { headers: bearer(pair.student) })
    expect(Buffer.from(await download.arrayBuffer()).equals(material)).toBe(true)
    // Node A is gone; node B still answers ready for the balancer.
    expect((await fetch(`${b.url}/api/v1/health/ready`)).status).toBe(200)
  }, 60_000)
})
