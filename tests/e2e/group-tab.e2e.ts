import { expect, type Locator, type Page } from '@playwright/test'
import { signedInPage } from './support/login-page.ts'
import { test } from './support/story.ts'

// The group tab, end to end. The demo seed (src/server/seed/demo-group-class.ts) puts Krzysztof
// and Kamil (group lessons only) in Tomasz Wójcik's "Niemiecki w pracy B1": a meeting ended, one
// starting at the next quarter hour (Join open) and one a week later. Krzysztof lands on the group
// tab, joins the class at its time and says he will not come to next week's meeting; Tomasz sees
// that in the roster and writes the group's notes, which Krzysztof then reads.
// SCREENSHOTS=dir keeps each screen at 1280 and 375 px in Polish and English.

const KRZYSZTOF = 'krzysztof.mazur@demo.lektorium.pl'
const TOMASZ = 'tomasz.wojcik@demo.lektorium.pl'
const CLASS = 'Niemiecki w pracy B1'
const MEMO = 'Przygotujcie krótką prezentację firmy po niemiecku.'
const SHOTS = process.env.SCREENSHOTS ?? ''

test.setTimeout(120_000)

/** The group table's meetings, newest first (the list view on a wide screen). */
const meetings = (page: Page): Locator =>
  page.getByRole('table', { name: 'Lekcje grupowe' }).getByTestId('lesson')

/** `name` at 1280 and 375 px, in Polish and English (only with SCREENSHOTS set); Polish again after. */
async function screenshots(page: Page, name: string, open?: () => Promise<void>) {
  if (!SHOTS) return
  for (const locale of ['EN', 'PL'] as const) {
    await page.keyboard.press('Escape')
    // The language switcher is in the wide screen's top bar (a phone's is in its menu).
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByText(locale, { exact: true }).first().click()
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
      await page.waitForTimeout(400)
      if (open) await open()
      await page.waitForTimeout(300)
      await page.screenshot({
        path: `${SHOTS}/B-${name}-${locale.toLowerCase()}-${width}.png`,
        fullPage: !open,
      })
      if (open) await page.keyboard.press('Escape')
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

test('a group-only student says he will not come to one meeting; the teacher sees it and writes notes he reads', async ({
  openContext,
}) => {
  const student = await signedInPage(await openContext(), KRZYSZTOF, '/')
  // Group lessons only: set-lessons is not his, my-lessons opens on the group tab.
  await expect(student).toHaveURL(/\/dashboard\/my-lessons$/)
  await expect(student.getByRole('tab', { name: 'Grupowe' })).toHaveAttribute('aria-selected', 'true')
  const [nextWeek, now, past] = [meetings(student).nth(0), meetings(student).nth(1), meetings(student).nth(2)]
  await expect(meetings(student)).toHaveCount(3)
  for (const meeting of [nextWeek, now, past]) await expect(meeting).toContainText(`Zajęcia: ${CLASS}`)
  await expect(past).toContainText('Rozdział 4: tryb przypuszczający')
  // Join at the meeting's time, leading to the room's route as a one-to-one lesson's does.
  const join = now.getByRole('link', { name: 'Dołącz do lekcji: Tomasz Wójcik' })
  await expect(join).toHaveAttribute('href', /lesson_id=/)
  await expect(
    nextWeek.getByRole('button', { name: /^Dołącz do lekcji: Tomasz Wójcik\. Dołączysz od / }),
  ).toBeDisabled()

  await nextWeek.getByRole('button', { name: 'Działania dla lekcji: Tomasz Wójcik' }).click()
  await student.getByRole('menuitem', { name: 'Nie przyjdę na te zajęcia' }).click()
  const say = student.getByRole('dialog', { name: 'Nie przyjdę na te zajęcia' })
  await expect(say).toContainText('nie ma za to żadnej kary')
  await say.getByRole('button', { name: 'Nie przyjdę', exact: true }).click()
  await expect(say).toBeHidden()
  await expect(nextWeek.getByText('Nie przyjdę', { exact: true })).toBeVisible()
  await expect(now.getByText('Nie przyjdę', { exact: true })).toBeHidden()
  await screenshots(student, 'student-group-tab')

  const teacher = await signedInPage(await openContext(), TOMASZ, '/')
  await teacher.getByRole('tab', { name: 'Grupowe' }).click()
  await expect(meetings(teacher)).toHaveCount(3)
  const meeting = meetings(teacher).first()
  const actions = meeting.getByRole('button', { name: `Działania dla zajęć: ${CLASS}` })
  // The first meeting's actions in either language, as a row of the table or a phone's card (in the
  // tab, not the next lesson's panel above it, which shows the meeting under way).
  const anyActions = teacher.getByRole('tabpanel').getByRole('button', {
    name: new RegExp(`^(Działania dla zajęć|Actions for the class): ${CLASS}$`),
  })
  const openRoster = async () => {
    await anyActions.first().click()
    await teacher.getByRole('menuitem', { name: /^(Lista uczestników|Participants)$/ }).click()
    await expect(teacher.getByRole('dialog')).toBeVisible()
    await expect(teacher.getByTestId('roster-entry')).toHaveCount(2)
  }
  await openRoster()
  const roster = teacher.getByRole('dialog', { name: 'Lista uczestników' })
  await expect(roster.getByRole('listitem', { name: 'Krzysztof Mazur' })).toContainText('Nie przyjdzie')
  await expect(roster.getByRole('listitem', { name: 'Kamil Nowicki' })).toContainText('Przyjdzie')
  await expect(roster).toContainText('Zapowiedziana obecność: 1 z 2')
  await teacher.keyboard.press('Escape')
  await expect(roster).toBeHidden()
  await screenshots(teacher, 'teacher-roster', openRoster)

  await actions.click()
  await teacher.getByRole('menuitem', { name: 'Notatki dla grupy' }).click()
  const notes = teacher.getByRole('dialog', { name: 'Notatki dla grupy' })
  await notes.getByRole('textbox', { name: 'Notatki dla grupy' }).fill(MEMO)
  await notes.getByRole('button', { name: 'Zapisz notatki' }).click()
  await expect(notes).toBeHidden()
  await expect(meeting).toContainText(MEMO)
  await screenshots(teacher, 'teacher-group-tab')

  await student.reload()
  await expect(meetings(student).first()).toContainText(MEMO)
  await screenshots(student, 'student-reads-memo')
  // The calendar view shows the same meetings, the class named on each.
  await student.getByText('Kalendarz', { exact: true }).click()
  await expect(student.getByText(CLASS).first()).toBeVisible()
  await screenshots(student, 'student-group-calendar')
})
