import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, chromium, type Page, request } from '@playwright/test'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../scripts/find-chromium.ts'
import { enrolInMeeting, GroupRoomPage, JourneyJanus } from '../tests/e2e/support/group-room-page.ts'
import { STUDENT_NOW, signInWithMedia, storedToken, TEACHER } from '../tests/e2e/support/login-page.ts'
import { OwnServer } from '../tests/e2e/support/own-server.ts'
import { storyNow } from '../tests/e2e/support/story.ts'
import { giveVoiceSample } from '../tests/e2e/support/voice-sample.ts'
import {
  childrenOf,
  commOf,
  cpuSeconds,
  keepPeerConnections,
  type PageStats,
  readPageStats,
  rssBytes,
  uploadBetween,
  writeFakeCamera,
} from './group-probes.ts'

// The group room under a meeting's load (bench/README.md "The group room"): Debian's janus and the
// app's server of the bench's own; first the one-to-one room (two pages, peer to peer) for the
// upload a page makes there, then the demo's German class (Tomasz Wójcik and STUDENTS students)
// meets for MINUTES minutes, one Chromium per participant with the same low-resolution fake
// camera. Every 10 s: Janus's and the server's CPU and memory, each Chromium's CPU, each page's
// upload (getStats) and the frames it decodes.
//   npm run bench:group                                           # 20 minutes, 5 students
//   BENCH_GROUP_MINUTES=1 BENCH_GROUP_STUDENTS=3 npm run bench:group

const minutes = Number(process.env.BENCH_GROUP_MINUTES ?? 20)
const studentCount = Number(process.env.BENCH_GROUP_STUDENTS ?? 5)
const [width, height] = (process.env.BENCH_GROUP_VIDEO ?? '320x180').split('x').map(Number)
const baselineSeconds = Number(process.env.BENCH_GROUP_BASELINE_SECONDS ?? 60)
const SAMPLE_MS = 10_000
/** Bandwidth estimation ramps up first: windows before this are left out of the averages. */
const WARM_UP_MS = 30_000
const MB = 1_048_576

const GROUP_TEACHER = { email: 'tomasz.wojcik@demo.lektorium.pl', name: 'Tomasz Wójcik' }
const STUDENTS = [
  ['krzysztof.mazur', 'Krzysztof Mazur'],
  ['kamil.nowicki', 'Kamil Nowicki'],
  ['julia.jankowska', 'Julia Jankowska'],
  ['marta.dabrowska', 'Marta Dąbrowska'],
  ['aleksandra.krawczyk', 'Aleksandra Krawczyk'],
  ['marcin.piotrowski', 'Marcin Piotrowski'],
  ['natalia.grabowska', 'Natalia Grabowska'],
  ['adam.pawlowski', 'Adam Pawłowski'],
].map(([login, name]) => ({ email: `${login}@demo.lektorium.pl`, name: name ?? '' }))
if (!width || !height || studentCount < 1 || studentCount > STUDENTS.length)
  throw new Error(`BENCH_GROUP_STUDENTS is 1–${STUDENTS.length}, BENCH_GROUP_VIDEO like 320x180`)

mkdirSync('bench/results', { recursive: true })
const work = path.join(tmpdir(), `lektorium-bench-group-${process.pid}`)
mkdirSync(work, { recursive: true })
const camera = path.join(work, 'camera.y4m')
writeFakeCamera(camera, width, height)
const janus = new JourneyJanus()
// Not playwright.config.ts's: it sets the story clock after the pages' clock is read (its top-level
// await lets story.ts run first); the server, the pages and the demo's lessons all keep the wall's.
const server = new OwnServer(Number(process.env.BENCH_GROUP_PORT ?? 28460), 'bench-group')
const browsers: Browser[] = []

/** A Chromium of its own (its process tree is one participant's CPU). */
async function launch(): Promise<{ browser: Browser; pid: number }> {
  const before = new Set(childrenOf(process.pid))
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    args: [
      ...CHROMIUM_ARGS,
      ...FAKE_MEDIA_ARGS,
      `--use-file-for-fake-video-capture=${camera}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  })
  browsers.push(browser)
  const pid = childrenOf(process.pid).find((child) => !before.has(child) && commOf(child) === 'chromium')
  return { browser, pid: pid ?? 0 }
}

/** Signed in as `email` in a Chromium of its own, its peer connections kept for getStats. */
async function participant(email: string, voice: boolean): Promise<{ page: Page; pid: number }> {
  const { browser, pid } = await launch()
  const page = await signInWithMedia(browser, server.url, email)
  await keepPeerConnections(page.context())
  if (voice) {
    const api = await request.newContext()
    await giveVoiceSample(api, server.url, await storedToken(page))
    await api.dispose()
  }
  return { page, pid }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length)
const kbps = (bytesPerSecond: number) => ((bytesPerSecond * 8) / 1000).toFixed(0)

/** The one-to-one room's upload per page: Anna Nowak and Piotr in the lesson that starts now. */
async function oneToOne(): Promise<number> {
  const teacher = await participant(TEACHER, false)
  const student = await participant(STUDENT_NOW, true)
  for (const { page } of [teacher, student]) {
    await page.goto('/dashboard/my-lessons')
    await page
      .getByRole('link', { name: /^Dołącz do lekcji: / })
      .first()
      .click()
      .catch(async (error: unknown) => {
        // What the page showed instead, for the one reading the failure.
        await page.screenshot({ path: 'bench/results/group-failure.png', fullPage: true })
        throw error
      })
    await page.getByTestId('lobby-preview').waitFor()
    await page.getByRole('button', { name: 'Dołącz do lekcji', exact: true }).click()
  }
  await teacher.page
    .locator('[data-testid="call-phase"][data-phase="connected"]')
    .waitFor({ timeout: 30_000 })
  await teacher.page.waitForTimeout(WARM_UP_MS)
  const from = await Promise.all([teacher.page, student.page].map(readPageStats))
  await teacher.page.waitForTimeout(baselineSeconds * 1000)
  const to = await Promise.all([teacher.page, student.page].map(readPageStats))
  const rates = from.map((stats, index) => {
    const end = to[index]
    return end ? uploadBetween(stats, end) : undefined
  })
  const perPage = rates.map((rate) => rate?.perSecond ?? 0)
  console.log(
    `one-to-one room, ${baselineSeconds} s after ${WARM_UP_MS / 1000} s: upload ${perPage.map(kbps).join(' and ')} kbit/s (teacher, student); video layers ${rates.map((rate) => rate?.activeLayers).join(', ')}`,
  )
  for (const page of [teacher.page, student.page]) await page.context().close()
  return mean(perPage)
}

type Sample = {
  at: number
  janusCpu: number
  janusRss: number
  serverCpu: number
  serverRss: number
  chromiumCpu: number[]
  uploadPerSecond: number[]
  downloadPerSecond: number[]
  topLayerOnly: number[]
  activeLayers: number[]
  videoSenders: number[]
  receivedFps: number[]
}

try {
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim()
  await janus.start()
  const janusPid = childrenOf(process.pid).find((child) => commOf(child) === 'janus') ?? 0
  server.env = janus.env()
  await server.start()
  const serverPid = server.pid ?? 0
  const students = STUDENTS.slice(0, studentCount)
  let places: Map<string, string> | undefined
  for (let attempt = 0; !places; attempt++) {
    places = await enrolInMeeting(
      server,
      GROUP_TEACHER.email,
      students.map((student) => student.email),
      storyNow(),
    ).catch((error: unknown) => {
      if (attempt >= 10) throw error
      return new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 500))
    })
  }
  const baseline = await oneToOne()

  const people = [GROUP_TEACHER, ...students]
  const members: { room: GroupRoomPage; pid: number }[] = []
  for (const [index, person] of people.entries()) {
    const { page, pid } = await participant(person.email, index > 0)
    members.push({ room: new GroupRoomPage(page, person.name), pid })
  }
  // The teacher opens the meeting through the first student's place: the room is the meeting's.
  for (const [index, { room }] of members.entries()) {
    await room.open(places.get((students[Math.max(0, index - 1)] ?? students[0])?.email ?? '') ?? '')
    await room.join()
  }
  const names = people.map((person) => person.name)
  await Promise.all(
    members.map(({ room }) =>
      room.expectSeesAndHears(
        names.filter((name) => name !== room.name),
        60_000,
        false,
      ),
    ),
  )
  console.log(`${people.length} in the group room; ${minutes} min from now`)

  const samples: Sample[] = []
  const readAll = () => Promise.all(members.map(({ room }) => readPageStats(room.page)))
  let last: { at: number; janus: number; server: number; chromium: number[]; pages: PageStats[] } = {
    at: Date.now(),
    janus: cpuSeconds(janusPid),
    server: cpuSeconds(serverPid),
    chromium: members.map(({ pid }) => cpuSeconds(pid, true)),
    pages: await readAll(),
  }
  const started = last.at
  while (Date.now() - started < minutes * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))
    const now = {
      at: Date.now(),
      janus: cpuSeconds(janusPid),
      server: cpuSeconds(serverPid),
      chromium: members.map(({ pid }) => cpuSeconds(pid, true)),
      pages: await readAll(),
    }
    const seconds = (now.at - last.at) / 1000
    const rates = now.pages.map((stats, index) => {
      const before = last.pages[index]
      return before ? uploadBetween(before, stats) : undefined
    })
    samples.push({
      at: Math.round((now.at - started) / 1000),
      janusCpu: (now.janus - last.janus) / seconds,
      janusRss: rssBytes(janusPid),
      serverCpu: (now.server - last.server) / seconds,
      serverRss: rssBytes(serverPid),
      chromiumCpu: now.chromium.map((cpu, index) => (cpu - (last.chromium[index] ?? 0)) / seconds),
      uploadPerSecond: rates.map((rate) => rate?.perSecond ?? 0),
      downloadPerSecond: rates.map((rate) => rate?.downloadPerSecond ?? 0),
      topLayerOnly: rates.map((rate) => rate?.topLayerOnly ?? 0),
      activeLayers: rates.map((rate) => rate?.activeLayers ?? 0),
      videoSenders: now.pages.map((stats) => stats.videoSenders),
      receivedFps: rates.map((rate) => rate?.fps ?? 0),
    })
    const row = samples[samples.length - 1]
    if (row)
      console.log(
        `${row.at}s janus ${(row.janusCpu * 100).toFixed(0)} % ${(row.janusRss / MB).toFixed(0)} MB · server ${(row.serverCpu * 100).toFixed(0)} % ${(row.serverRss / MB).toFixed(0)} MB · chromium ${row.chromiumCpu.map((cpu) => (cpu * 100).toFixed(0)).join('/')} % · up ${row.uploadPerSecond.map(kbps).join('/')} kbit/s · fps ${row.receivedFps.map((fps) => fps.toFixed(1)).join('/')}`,
      )
    last = now
  }

  const steady = samples.filter((sample) => sample.at * 1000 > WARM_UP_MS)
  const perPage = members.map((_, index) => mean(steady.map((sample) => sample.uploadPerSecond[index] ?? 0)))
  const topOnly = members.map((_, index) => mean(steady.map((sample) => sample.topLayerOnly[index] ?? 0)))
  const third = Math.max(1, Math.floor(samples.length / 3))
  // The first third is the warm-up (Janus's buffers fill as the publishers join; Node's heap
  // settles after start): growth is the last third's mean against the middle third's.
  const growth = (pick: (sample: Sample) => number) => {
    const mb = (part: Sample[]) => mean(part.map(pick)) / MB
    const middle = mb(samples.slice(third, -third))
    const lastThird = mb(samples.slice(-third))
    const first = mb(samples.slice(0, third))
    return {
      firstThirdMb: first,
      middleThirdMb: middle,
      lastThirdMb: lastThird,
      change: lastThird / middle - 1,
    }
  }
  const result = {
    minutes,
    students: studentCount,
    video: `${width}x${height} at 15 fps (Y4M fake camera), Chromium's fake microphone`,
    machine: { cores: 2, loadBefore, loadAfter: readFileSync('/proc/loadavg', 'utf8').trim() },
    oneToOneUploadPerSecond: baseline,
    groupUploadPerSecond: perPage,
    // What Janus sends: every page's download (RTP payload, as the upload).
    groupDownloadPerSecond: members.map((_, index) =>
      mean(steady.map((sample) => sample.downloadPerSecond[index] ?? 0)),
    ),
    ratio: perPage.map((rate) => rate / baseline),
    topLayerOnlyRatio: topOnly.map((rate) => rate / baseline),
    videoSenders: members.map((_, index) =>
      Math.max(...samples.map((sample) => sample.videoSenders[index] ?? 0)),
    ),
    activeLayers: members.map((_, index) =>
      Math.max(...samples.map((sample) => sample.activeLayers[index] ?? 0)),
    ),
    // Simulcast encodings the publisher asked for; Chromium sends fewer at low resolutions.
    configuredLayers: last.pages.map((stats) => stats.layers.length),
    janusCpu: mean(steady.map((sample) => sample.janusCpu)),
    serverCpu: mean(steady.map((sample) => sample.serverCpu)),
    chromiumCpu: members.map((_, index) => mean(steady.map((sample) => sample.chromiumCpu[index] ?? 0))),
    receivedFps: members.map((_, index) => mean(steady.map((sample) => sample.receivedFps[index] ?? 0))),
    janusRss: growth((sample) => sample.janusRss),
    serverRss: growth((sample) => sample.serverRss),
    samples,
  }
  const rssLine = (rss: ReturnType<typeof growth>) =>
    `RSS ${`${rss.firstThirdMb.toFixed(1)} → ${rss.middleThirdMb.toFixed(1)} → ${rss.lastThirdMb.toFixed(1)}`} MB, ${(rss.change * 100).toFixed(1)} %`
  writeFileSync('bench/results/group-latest.json', `${JSON.stringify(result, null, 2)}\n`)
  console.log(
    '\n| s | Janus CPU | Janus RSS | server CPU | server RSS | Chromium CPU (mean) | upload (mean) | fps in (lowest) |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const row of samples.filter((_, index) => index % 6 === 5 || index === 0))
    console.log(
      `| ${row.at} | ${(row.janusCpu * 100).toFixed(0)} % | ${(row.janusRss / MB).toFixed(1)} MB | ${(row.serverCpu * 100).toFixed(0)} % | ${(row.serverRss / MB).toFixed(0)} MB | ${(mean(row.chromiumCpu) * 100).toFixed(0)} % | ${kbps(mean(row.uploadPerSecond))} kbit/s | ${Math.min(...row.receivedFps).toFixed(1)} |`,
    )
  console.log(`\none-to-one upload per page: ${kbps(baseline)} kbit/s`)
  console.log(
    '| page | upload kbit/s | download kbit/s | × one-to-one | top layer only × | video streams | layers sent (asked) | CPU | fps in |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const [index, person] of people.entries())
    console.log(
      `| ${person.name} | ${kbps(perPage[index] ?? 0)} | ${kbps(result.groupDownloadPerSecond[index] ?? 0)} | ${(result.ratio[index] ?? 0).toFixed(2)} | ${(result.topLayerOnlyRatio[index] ?? 0).toFixed(2)} | ${result.videoSenders[index]} | ${result.activeLayers[index]} (${result.configuredLayers[index]}) | ${((result.chromiumCpu[index] ?? 0) * 100).toFixed(0)} % | ${(result.receivedFps[index] ?? 0).toFixed(1)} |`,
    )
  console.log(
    `janus CPU ${(result.janusCpu * 100).toFixed(0)} %, ${rssLine(result.janusRss)} (first → middle → last third; growth middle → last)`,
  )
  console.log(`server CPU ${(result.serverCpu * 100).toFixed(0)} %, ${rssLine(result.serverRss)}`)
  console.log(`load: ${result.machine.loadBefore} before, ${result.machine.loadAfter} after`)
} finally {
  for (const browser of browsers) await browser.close().catch(() => undefined)
  await server.stop()
  await janus.stop()
  rmSync(work, { recursive: true, force: true })
}
