import { expect, type Locator, type Page } from '@playwright/test'

// The set-lessons screen as a page object: filters, results, the chosen teacher's week with its
// slots, and the ScheduleConfirmLessons dialog.

/** A slot's accessible name ends with its state: "…, 16:00: wolny". */
const FREE = /: wolny$/

export class SetLessonsPage {
  readonly page: Page

  constructor(page: Page) {
    this.page = page
  }

  async goto(query = '') {
    await this.page.goto(`/dashboard/set-lessons${query}`)
    await expect(this.page.getByRole('heading', { name: 'Umów lekcję', level: 1 })).toBeVisible()
  }

  /** Picks an option of one of the filters' selects (a combobox and its listbox). */
  async filter(label: string, option: string) {
    await this.page
      .getByRole('region', { name: 'Filtry' })
      .getByRole('combobox', { name: label, exact: true })
      .click()
    await this.page.getByRole('option', { name: option, exact: true }).click()
  }

  /** The teachers found, one list item each (bookable or not). */
  results(): Locator {
    // The cards are the list's own items (their language badges are lists of their own).
    return this.page.getByRole('region', { name: 'Wyniki wyszukiwania' }).locator(':scope > ul > li')
  }

  async openTeacher(name: string) {
    await this.page.getByRole('button', { name: `Pokaż terminy: ${name}` }).click()
    await expect(this.page.getByRole('group', { name: 'Wybór tygodnia' })).toBeVisible()
  }

  /**
   * Waits for the chosen teacher's week, and moves to the next one when this one has no free slot
   * left (late on a Sunday, every slot of the current week is past or inside the grace period).
   */
  async weekWithFreeSlots() {
    const noVacancy = this.page.getByText('Brak wolnych terminów w tym tygodniu.')
    await expect(this.freeSlots().first().or(noVacancy)).toBeVisible()
    if (await noVacancy.isVisible()) await this.nextWeek()
    await expect(this.freeSlots().first()).toBeVisible()
  }

  async nextWeek() {
    const switcher = this.page.getByRole('group', { name: 'Wybór tygodnia' })
    await switcher.getByRole('button', { name: 'Następny tydzień' }).click()
    await expect(switcher.getByText('Następny tydzień', { exact: true })).toBeVisible()
    await expect(this.page.getByText('Wczytujemy terminy…')).toBeHidden()
  }

  /** The day sections of the week, each labelled by its weekday and date. */
  days(): Locator {
    return this.page.getByRole('region').filter({ has: this.page.getByRole('list') })
  }

  freeSlots(scope: Locator | Page = this.page): Locator {
    return scope.getByRole('button', { name: FREE })
  }

  /**
   * Where each of the first free slots on `count` different days is: "wtorek 01.12, 16:45". A
   * slot's name ends with its state, which changes when it is picked, so tests find it by this.
   */
  async firstFreeSlotsOnDays(count: number): Promise<string[]> {
    await expect(this.freeSlots().first()).toBeVisible()
    const found: string[] = []
    for (const day of await this.days().all()) {
      const free = this.freeSlots(day)
      if ((await free.count()) > 0)
        found.push((await free.first().getAttribute('aria-label'))?.split(': ')[0] ?? '')
      if (found.length === count) return found
    }
    throw new Error(`fewer than ${count} days with free slots`)
  }

  /** Where the first `count` free slots of the first day that has so many are. */
  async freeSlotsOfOneDay(count: number): Promise<string[]> {
    await expect(this.freeSlots().first()).toBeVisible()
    for (const day of await this.days().all()) {
      const free = await this.freeSlots(day).all()
      if (free.length < count) continue
      const names = await Promise.all(free.slice(0, count).map((slot) => slot.getAttribute('aria-label')))
      return names.map((name) => name?.split(': ')[0] ?? '')
    }
    throw new Error(`no day with ${count} free slots`)
  }

  /** The slot at "wtorek 01.12, 16:45", whatever its state. */
  slot(where: string): Locator {
    const escaped = where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return this.page.getByRole('button', { name: new RegExp(`^${escaped}(?: \\(.*\\))?: `) })
  }

  slotsNamed(pattern: RegExp): Locator {
    return this.page.getByRole('button', { name: pattern })
  }
}
