import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInResponse } from '../../domain/api/auth.ts'
import { teacherSearchResponse } from '../../domain/api/teachers.ts'
import { timetableResponse } from '../../domain/api/timetables.ts'
import { DEMO_PASSWORD } from '../seed/demo-accounts.ts'
import { type ServerProcess, startServerProcess } from '../test-support/server-process.ts'
import { storyNow } from '../test-support/story-clock.ts'
import { clusterDir, stopCluster } from './embedded/cluster.ts'
import { processesOn } from './embedded/processes.ts'

// Two server processes on the embedded default database: started together on an empty DATA_DIR,
// they share one PostgreSQL; what one writes — and what an operator command writes — the other's
// board shows within a second, though its cache time is an hour; failed sign-ins count together;
// the last one to stop stops PostgreSQL.

const OPS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'ops.ts')
const ENGLISH = 1
const B1 = 3

let dataDir: string
let a: ServerProcess
let b: ServerProcess
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lk-two-servers-'))
  const env = {
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    BOARD_CACHE_SECONDS: '3600',
    SESSION_CACHE_SECONDS: '60',
  }
  ;[a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)])
}, 120_000)
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await stopCluster(clusterDir(dataDir))
  rmSync(dataDir, { recursive: true, force: true })
})

async function call(server: ServerProcess, url: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}/api/v1${url}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  return { status: response.status, body: await response.json() }
}

const signIn = (server: ServerProcess, email: string, password = DEMO_PASSWORD) =>
  call(server, '/users/sign_in', { body: { email, password } })

async function tokenOf(email: string): Promise<string> {
  const response = await signIn(a, email)
  return v.parse(signInResponse, response.body).data.token
}

/** "HH:mm" a minute later: a search window holding just that start. */
const minuteAfter = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number)
  const total = h * 60 + m + 1
  return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}

const day = (offset: number) =>
  new Date(storyNow().getTime() + offset * 86_400_000).toISOString().slice(0, 10)

async function timetable(server: ServerProcess, token: string, teacherId: string) {
  const query = `teacher_id=${teacherId}&date_from=${day(0)}&date_to=${day(13)}`
  return v.parse(
    timetableResponse,
    (await call(server, `/teachers/timetables/show?${query}`, { token })).body,
  ).data
}

async function search(server: ServerProcess, token: string, query: string) {
  return v.parse(
    teacherSearchResponse,
    (await call(server, `/teachers/search?per_page=50&${query}`, { token })).body,
  )
}

const ops = (...argv: string[]) =>
  promisify(execFile)(process.execPath, [OPS, ...argv], { env: { ...process.env, DATA_DIR: dataDir } })

describe('two server processes on the embedded default database', () => {
  it("shows a booking made through one in the other's timetable and search within a second", async () => {
    const token = await tokenOf('julia.jankowska@demo.lektorium.pl')
    const english = await search(b, token, `language_id=${ENGLISH}`)
    const anna = english.data.find((teacher) => teacher.last_name === 'Nowak')
    if (!anna) throw new Error('no Anna Nowak among the English teachers')
    const slot = (await timetable(b, token, anna.id)).timetable
      .flatMap((d) => d.slots.map((s) => ({ ...s, date: d.date })))
      .find((s) => s.available)
    if (!slot) throw new Error('Anna has no free slot in the next two weeks')
    const window = `day=${slot.date}&time=${encodeURIComponent(JSON.stringify({ from: slot.time, to: minuteAfter(slot.time) }))}`
    const before = (await search(b, token, `language_id=${ENGLISH}&${window}`)).data.find(
      (t) => t.id === anna.id,
    )
    expect(before?.next_free_slot).not.toBeNull()

    const booking = await call(a, '/lessons/create', {
      token,
      body: { language_id: ENGLISH, level_id: B1, teacher_id: anna.id, time_slot_ids: [slot.id] },
    })
    expect(booking.status).toBe(201)
    const booked = async () =>
      (await timetable(b, token, anna.id)).timetable.flatMap((d) => d.slots).find((s) => s.id === slot.id)
    await expect
      .poll(booked, { timeout: 1000, interval: 50 })
      .toMatchObject({ available: false, scheduled: true })
    const nextFree = async () =>
      (await search(b, token, `language_id=${ENGLISH}&${window}`)).data.find((t) => t.id === anna.id)
        ?.next_free_slot
    await expect.poll(nextFree, { timeout: 1000, interval: 50 }).not.toBe(before?.next_free_slot)
  })

  it("shows an operator command's change in both servers' search within a second", async () => {
    const token = await tokenOf('julia.jankowska@demo.lektorium.pl')
    const ewa = async (server: ServerProcess) =>
      (await search(server, token, '')).data.some((teacher) => teacher.last_name === 'Woźniak')
    expect(await ewa(a)).toBe(false)
    expect(await ewa(b)).toBe(false)
    await ops('verify-teacher', 'ewa.wozniak@demo.lektorium.pl')
    await expect.poll(() => ewa(a), { timeout: 1000, interval: 50 }).toBe(true)
    await expect.poll(() => ewa(b), { timeout: 1000, interval: 50 }).toBe(true)
  })

  it('blocks an address for an account after ten wrong passwords spread over both servers', async () => {
    const email = 'marta.dabrowska@demo.lektorium.pl'
    for (let i = 0; i < 10; i++)
      expect((await signIn(i % 2 ? b : a, email, 'not-her-password')).status).toBe(422)
    expect((await signIn(a, email)).status).toBe(429)
    expect((await signIn(b, email)).status).toBe(429)
  })

  it('keeps the database for the server still running, and stops it with the last one', async () => {
    const token = await tokenOf('julia.jankowska@demo.lektorium.pl')
    await a.stop()
    expect((await call(b, '/lessons/list_scheduled', { token })).status).toBe(200)
    expect(processesOn(clusterDir(dataDir)).length).toBeGreaterThan(0)
    await b.stop()
    expect(processesOn(clusterDir(dataDir))).toEqual([])
  })
})
