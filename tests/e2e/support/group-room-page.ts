import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, chromium, expect, type Locator, type Page } from '@playwright/test'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS, findChromium } from '../../../scripts/find-chromium.ts'
import { openDatabase } from '../../../src/server/db/client.ts'
import { users } from '../../../src/server/db/schema.ts'
import { groupClassMembers, groupMeetings } from '../../../src/server/db/schema-group-classes.ts'
import { lessons } from '../../../src/server/db/schema-lessons.ts'
import { findJanus, type RunningJanus, startJanus } from '../../../src/server/platform/janus-launcher.ts'
import { janusEnv } from '../../../src/server/test-support/janus.ts'
import type { OwnServer } from './own-server.ts'

// The group room's journey: Debian's janus of the journey's own (killed and started again on the
// same ports and secrets mid-call), the demo's group meeting that starts now with more students
// enrolled straight in the database, and one page of the room as a participant sees it.

const silent = { info: () => undefined, error: () => undefined }

/** Debian's Chromium with fake camera and microphone, playing the others' audio without a gesture. */
export function launchForGroupRoom(): Promise<Browser> {
  return findChromium().then((executablePath) =>
    chromium.launch({
      executablePath,
      args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'],
    }),
  )
}

/** A Janus the journey can kill and start again exactly as it was (its rooms are then gone). */
export class JourneyJanus {
  private running: RunningJanus | null = null
  private child: ChildProcess | null = null
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'lektorium-janus-e2e-'))

  async start(): Promise<void> {
    this.running = await startJanus({ dir: this.dir, iceEnforceList: 'lo' })
  }

  env(): Record<string, string> {
    if (!this.running) throw new Error('janus is not running')
    return janusEnv(this.running)
  }

  /** Killed outright (SIGKILL): every session and room on it is gone. */
  async kill(): Promise<void> {
    if (this.child) {
      const exited = new Promise((resolve) => this.child?.once('exit', resolve))
      this.child.kill('SIGKILL')
      await exited
      this.child = null
    } else await this.running?.stop()
  }

  /** The same program on the same configuration (ports, secrets) the first start wrote. */
  async restart(): Promise<void> {
    const program = findJanus()
    const url = this.running?.config.servers[0]?.url
    if (!program || !url) throw new Error('janus was never started')
    this.child = spawn(program, ['-F', this.dir, '-C', path.join(this.dir, 'janus.jcfg')], {
      stdio: 'ignore',
    })
    for (let i = 0; i < 150; i++) {
      const up = await fetch(`${url}/info`).then(
        (response) => response.ok,
        () => false,
      )
      if (up) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('janus did not come back')
  }

  async stop(): Promise<void> {
    await this.kill()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/**
 * Enrols `emails` in the class of `teacher`'s group meeting that has not ended by `now`, each with
 * a place in it; resolves with every enrolled student's place (lesson id) by e-mail.
 */
export async function enrolInMeeting(
  server: OwnServer,
  teacher: string,
  emails: string[],
  now: Date,
): Promise<Map<string, string>> {
  const database = await openDatabase({ dataDir: server.dataDir, log: silent })
  try {
    const { db } = database
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, teacher))
    if (!owner) throw new Error(`no teacher ${teacher}`)
    const [meeting] = await db
      .select()
      .from(groupMeetings)
      .where(
        and(
          eq(groupMeetings.teacherId, owner.id),
          gt(groupMeetings.endsAt, now),
          isNull(groupMeetings.cancelledAt),
        ),
      )
      .orderBy(groupMeetings.startsAt)
      .limit(1)
    if (!meeting) throw new Error(`no group meeting of ${teacher} to come`)
    const [template] = await db.select().from(lessons).where(eq(lessons.groupMeetingId, meeting.id)).limit(1)
    if (!template) throw new Error('the meeting has no place')
    const newcomers =
      emails.length === 0
        ? []
        : await db.select({ id: users.id }).from(users).where(inArray(users.email, emails))
    for (const student of newcomers) {
      await db
        .insert(groupClassMembers)
        .values({ classId: meeting.classId, studentId: student.id, status: 'enrolled' })
        .onConflictDoNothing()
      await db
        .insert(lessons)
        .values({
          studentId: student.id,
          teacherId: owner.id,
          languageId: template.languageId,
          levelId: template.levelId,
          startsAt: meeting.startsAt,
          endsAt: meeting.endsAt,
          isGroup: true,
          groupMeetingId: meeting.id,
        })
        .onConflictDoNothing()
    }
    const places = await db
      .select({ id: lessons.id, email: users.email })
      .from(lessons)
      .innerJoin(users, eq(users.id, lessons.studentId))
      .where(eq(lessons.groupMeetingId, meeting.id))
    return new Map(places.map((place) => [place.email, place.id]))
  } finally {
    await database.close()
  }
}

/** One participant's page of the group room. */
export class GroupRoomPage {
  readonly page: Page
  readonly name: string

  constructor(page: Page, name: string) {
    this.page = page
    this.name = name
  }

  get room(): Locator {
    return this.page.getByTestId('group-room')
  }

  get connection(): Locator {
    return this.page.getByTestId('group-connection')
  }

  /** The tile of the participant named `name` (this page's own reads "Ty"). */
  tile(name: string): Locator {
    return this.page.getByTestId('group-tile').filter({ hasText: name })
  }

  async open(placeId: string): Promise<void> {
    await this.page.goto(`/dashboard/video-call-vonage?lesson_id=${placeId}`)
    await expect(this.page.getByTestId('lobby-preview')).toBeVisible({ timeout: 30_000 })
  }

  async join(): Promise<void> {
    await this.page.getByRole('button', { name: /^(Dołącz|Join)/ }).click()
    await expect(this.room).toBeVisible()
  }

  control(name: string): Locator {
    return this.page
      .getByRole('toolbar', { name: /Sterowanie zajęciami|Class controls/ })
      .getByRole('button', { name, exact: true })
  }

  /**
   * Each of `names` on this page, all at once: their tile's video plays (its time advances) and,
   * unless `audio` is false, their sound carries energy (an analyser on the stream the room plays).
   */
  async expectSeesAndHears(names: string[], timeout = 20_000, audio = true): Promise<void> {
    await Promise.all(names.map((name) => this.expectOne(name, timeout, audio)))
  }

  private async expectOne(name: string, timeout: number, audio: boolean): Promise<void> {
    const video = this.tile(name).locator('video')
    await expect(this.tile(name)).toHaveAttribute('data-media', 'live', { timeout })
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout })
      .toBeGreaterThan(0)
    const time = await video.evaluate((element: HTMLVideoElement) => element.currentTime)
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout })
      .toBeGreaterThan(time + 0.3)
    if (audio) await expect.poll(() => video.evaluate(audioEnergy), { timeout }).toBeGreaterThan(0)
  }
}

/** The loudest moment of a tile's stream's sound over half a second (0: silence or no sound). */
async function audioEnergy(element: HTMLVideoElement): Promise<number> {
  const stream = element.srcObject
  if (!(stream instanceof MediaStream) || stream.getAudioTracks().length === 0) return 0
  const context = new AudioContext()
  const analyser = context.createAnalyser()
  context.createMediaStreamSource(stream).connect(analyser)
  const samples = new Float32Array(analyser.fftSize)
  let loudest = 0
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    analyser.getFloatTimeDomainData(samples)
    for (const sample of samples) loudest = Math.max(loudest, Math.abs(sample))
  }
  await context.close()
  return loudest
}
