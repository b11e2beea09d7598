import { mkdirSync } from 'node:fs'
import { type Browser, chromium, expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../../scripts/find-chromium.ts'
import { enrolInMeeting, GroupRoomPage, JourneyJanus } from './support/group-room-page.ts'
import { giveVoiceSample } from './support/lesson-room-page.ts'
import { LoginPage, storedToken } from './support/login-page.ts'
import { OwnServer } from './support/own-server.ts'
import { newStoryContext, storyNow, test } from './support/story.ts'

// The group room: the demo's German class (Tomasz Wójcik, Krzysztof and Kamil, with Marcin
// enrolled here) meets now through a Janus of the journey's own, in four contexts of Debian's
// Chromium with fake camera and microphone; Marcin's page is in English. Janus is killed and
// started again mid-call, and the app's server restarted; at the end the server runs with no group
// server: a small class meets in the mesh, a big one is told the school must configure one.

const janus = new JourneyJanus()
const server = new OwnServer(E2E_PORT + 20, 'e2e-group-room')
const TEACHER = 'tomasz.wojcik@demo.lektorium.pl'
const KRZYSZTOF = 'krzysztof.mazur@demo.lektorium.pl'
const KAMIL = 'kamil.nowicki@demo.lektorium.pl'
const MARCIN = 'marcin.piotrowski@demo.lektorium.pl'
const NAMES = ['Tomasz Wójcik', 'Krzysztof Mazur', 'Kamil Nowicki', 'Marcin Piotrowski']
const SHOTS = process.env.SHOTS_DIR

let browser: Browser
let places: Map<string, string>
let rooms: GroupRoomPage[] = []
const others = (room: GroupRoomPage) => NAMES.filter((name) => name !== room.name)

test.describe.configure({ mode: 'serial' })
test.setTimeout(90_000)

test.beforeAll(async () => {
  await janus.start()
  server.env = janus.env()
  await server.start()
  places = await enrolInMeeting(server, TEACHER, [MARCIN], storyNow())
  browser = await chromium.launch({
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'],
  })
})

test.afterAll(async () => {
  await browser?.close()
  await server.stop()
  await janus.stop()
})

async function signIn(email: string, locale = 'pl-PL'): Promise<Page> {
  const context = await newStoryContext(browser, { baseURL: server.url, locale, timezoneId: 'Europe/Warsaw' })
  await context.grantPermissions(['camera', 'microphone'])
  const page = await context.newPage()
  await new LoginPage(page).goto('/login')
  await new LoginPage(page).signIn(email)
  await page.waitForURL(/\/dashboard\//)
  return page
}

const placeOf = (email: string) => places.get(email) ?? ''

test('a teacher and three students see and hear each other; mute, a hand and the chat reach everyone', async ({
  request,
}) => {
  const people = [
    { email: TEACHER, name: NAMES[0], locale: 'pl-PL' },
    { email: KRZYSZTOF, name: NAMES[1], locale: 'pl-PL' },
    { email: KAMIL, name: NAMES[2], locale: 'pl-PL' },
    { email: MARCIN, name: NAMES[3], locale: 'en-GB' },
  ]
  rooms = await Promise.all(
    people.map(async ({ email, name, locale }) => {
      const page = await signIn(email, locale)
      if (email !== TEACHER) await giveVoiceSample(request, server.url, await storedToken(page))
      return new GroupRoomPage(page, name ?? '')
    }),
  )
  const [teacher, krzysztof, kamil, marcin] = rooms
  if (!teacher || !krzysztof || !kamil || !marcin) throw new Error('four pages')
  // The teacher opens the meeting through a student's place: the room is the meeting's.
  const placesOf = [KRZYSZTOF, KRZYSZTOF, KAMIL, MARCIN]
  for (const [index, room] of rooms.entries()) {
    await room.open(placeOf(placesOf[index] ?? ''))
    await room.join()
  }
  await Promise.all(rooms.map((room) => room.expectSeesAndHears(others(room), 30_000)))
  await expect(teacher.connection).toHaveAttribute('data-connection', 'live')

  // The teacher mutes Kamil: every page shows it within a second.
  await teacher.tile('Kamil Nowicki').getByTestId('tile-menu').click()
  await teacher.page.getByRole('menuitem', { name: 'Wycisz mikrofon' }).click()
  const muted = /mikrofon wyciszony przez osobę prowadzącą|muted by the teacher/
  await Promise.all([
    expect(kamil.page.getByTestId('muted-notice')).toBeVisible({ timeout: 1_000 }),
    ...[teacher, krzysztof, marcin].map((room) =>
      expect(room.tile('Kamil Nowicki')).toHaveAttribute('aria-label', muted, { timeout: 1_000 }),
    ),
  ])

  // Marcin (in English) raises his hand: everyone sees it.
  await marcin.control('Raised hand').click()
  await Promise.all(
    [teacher, krzysztof, kamil].map((room) =>
      expect(room.tile('Marcin Piotrowski').getByTestId('tile-hand')).toBeVisible(),
    ),
  )
  await expect(teacher.page.getByTestId('raised-hands')).toContainText('Marcin Piotrowski')

  await teacher.page.getByRole('textbox', { name: 'Wiadomość' }).fill('Guten Morgen! Seite 12, bitte.')
  await teacher.page.getByRole('textbox', { name: 'Wiadomość' }).press('Enter')
  for (const room of rooms) {
    await expect(room.page.getByRole('log', { name: /Wiadomości czatu|Chat messages/ })).toContainText(
      'Guten Morgen! Seite 12, bitte.',
    )
  }
  if (SHOTS) await screenshots(teacher, marcin)
})

test("a student's network cut for 10 s comes back to the room with no click", async () => {
  const [teacher, krzysztof] = rooms
  if (!teacher || !krzysztof) throw new Error('pages')
  await krzysztof.page.context().setOffline(true)
  await krzysztof.page.waitForTimeout(10_000)
  await krzysztof.page.context().setOffline(false)
  const back = performance.now()
  await Promise.all(rooms.map((room) => room.expectSeesAndHears(others(room), 30_000)))
  console.info(`after the network cut, media back on all in ${Math.round(performance.now() - back)} ms`)
  await expect(teacher.tile('Krzysztof Mazur')).toHaveAttribute('data-media', 'live')
})

test('Janus killed and started again: media are back on all four within 10 s', async () => {
  const [teacher] = rooms
  if (!teacher) throw new Error('pages')
  await janus.kill()
  await expect(teacher.connection).toHaveAttribute('data-connection', 'reconnecting')
  // The others are shown as reconnecting, never as having left.
  await expect(teacher.page.getByTestId('group-tile')).toHaveCount(4)
  await teacher.page.waitForTimeout(3_000)
  await janus.restart()
  const answering = performance.now()
  await Promise.all(rooms.map((room) => room.expectSeesAndHears(others(room), 10_000)))
  const took = performance.now() - answering
  console.info(`media back on all four ${Math.round(took)} ms after Janus answered`)
  expect(took).toBeLessThanOrEqual(10_000)
})

test("the app's server restarted mid-meeting: media never stop, presence comes back", async () => {
  const [teacher, krzysztof] = rooms
  if (!teacher || !krzysztof) throw new Error('pages')
  await server.stop()
  await expect(teacher.connection).toHaveAttribute('data-connection', 'reconnecting')
  // While the app's server is away the pictures go on moving.
  await teacher.expectSeesAndHears(others(teacher), 5_000)
  await server.start()
  await Promise.all(
    rooms.map((room) =>
      expect(room.connection).toHaveAttribute('data-connection', 'live', { timeout: 15_000 }),
    ),
  )
  await Promise.all(rooms.map((room) => room.expectSeesAndHears(others(room), 10_000)))
  await expect(krzysztof.page.getByTestId('group-tile')).toHaveCount(4)
})

test('the teacher removes a student, who cannot come back to the meeting', async () => {
  const [teacher, krzysztof, , marcin] = rooms
  if (!teacher || !krzysztof || !marcin) throw new Error('pages')
  await teacher.tile('Marcin Piotrowski').getByTestId('tile-menu').click()
  await teacher.page.getByRole('menuitem', { name: 'Usuń z zajęć…' }).click()
  await teacher.page.getByRole('dialog').getByRole('button', { name: 'Usuń z zajęć' }).click()
  await expect(marcin.page.getByText('You were removed from the class')).toBeVisible()
  await expect(krzysztof.page.getByTestId('group-tile')).toHaveCount(3)
  await marcin.open(placeOf(MARCIN))
  await marcin.join().catch(() => undefined)
  await expect(marcin.page.getByText('The teacher removed you from this meeting')).toBeVisible()
})

test('with no group server a small class meets in the mesh, and a big one is told to configure it', async () => {
  for (const room of rooms) await room.page.context().close()
  await server.stop()
  await janus.kill()
  server.env = {}
  await server.start()
  const [teacher, krzysztof, kamil] = await Promise.all(
    [TEACHER, KRZYSZTOF, KAMIL].map(
      async (email, index) => new GroupRoomPage(await signIn(email), NAMES[index] ?? ''),
    ),
  )
  if (!teacher || !krzysztof || !kamil) throw new Error('pages')
  for (const [room, email] of [
    [teacher, KRZYSZTOF],
    [krzysztof, KRZYSZTOF],
    [kamil, KAMIL],
  ] as const) {
    await room.open(placeOf(email))
    await room.join()
  }
  await expect(teacher.page.getByTestId('mesh-notice')).toBeVisible()
  await krzysztof.expectSeesAndHears(['Kamil Nowicki', 'Tomasz Wójcik'])
  await kamil.expectSeesAndHears(['Krzysztof Mazur'])

  // Three more students: too many for the mesh.
  await enrolInMeeting(
    server,
    TEACHER,
    [
      'natalia.grabowska@demo.lektorium.pl',
      'adam.pawlowski@demo.lektorium.pl',
      'julia.jankowska@demo.lektorium.pl',
    ],
    storyNow(),
  )
  await kamil.control('Opuść zajęcia').click()
  await kamil.open(placeOf(KAMIL))
  await kamil.page.getByRole('button', { name: /^Dołącz/ }).click()
  await expect(kamil.page.getByText(/szkoła musi skonfigurować serwer grupowy/)).toBeVisible()
})

/** The live room of four at 1280 and 375 px, in Polish (the teacher's) and English (Marcin's). */
async function screenshots(teacher: GroupRoomPage, marcin: GroupRoomPage) {
  const dir = SHOTS ?? ''
  mkdirSync(dir, { recursive: true })
  for (const [room, language] of [
    [teacher, 'pl'],
    [marcin, 'en'],
  ] as const) {
    for (const width of [1280, 375]) {
      await room.page.setViewportSize({ width, height: width === 375 ? 812 : 800 })
      await room.page.waitForTimeout(1_000)
      await room.page.screenshot({ path: `${dir}/group-${language}-${width}.png`, fullPage: true })
    }
    await room.page.setViewportSize({ width: 1280, height: 720 })
  }
}
