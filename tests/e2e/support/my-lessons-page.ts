import { expect, type Locator, type Page } from '@playwright/test'

// The my-lessons screen as a page object: the next lesson, the tabs as a table (the desktop list
// view), each lesson's actions menu and the dialogs it opens.

export type LessonsTab = 'Zaplanowane' | 'Zakończone'
export type LessonAction =
  | 'Materiały'
  | 'Napisz do lektora'
  | 'Zmień wiadomość dla lektora'
  | 'Moje notatki'
  | 'Notatki dla kursanta'
  | 'Oceń lekcję'
  | 'Zgłoś nieobecność'
  | 'Odwołaj lekcję'

const CAPTION: Record<LessonsTab, string> = {
  Zaplanowane: 'Zaplanowane lekcje',
  Zakończone: 'Zakończone lekcje',
}

/** Where a lesson is, as its row shows it: "poniedziałek, 23.11.2026" and "06:00–06:45". */
export type LessonWhen = { date: string; time: string }

export class MyLessonsPage {
  readonly page: Page

  constructor(page: Page) {
    this.page = page
  }

  async goto(tab: LessonsTab = 'Zaplanowane') {
    await this.page.goto(tab === 'Zakończone' ? '/dashboard/my-lessons?tab=closed' : '/dashboard/my-lessons')
    await expect(this.page.getByRole('heading', { name: 'Moje lekcje', level: 1 })).toBeVisible()
    await expect(this.tab(tab)).toHaveAttribute('aria-selected', 'true')
  }

  tab(name: LessonsTab): Locator {
    return this.page.getByRole('tab', { name, exact: true })
  }

  /**
   * The lessons of a tab's table, in the order shown: each is a row group (its row, and the note
   * and memos under it).
   */
  lessons(tab: LessonsTab): Locator {
    return this.page.getByRole('table', { name: CAPTION[tab] }).getByTestId('lesson')
  }

  /** The lesson row at `when` in a tab's table. */
  lessonAt(tab: LessonsTab, when: LessonWhen): Locator {
    return this.lessons(tab).filter({ hasText: when.date }).filter({ hasText: when.time })
  }

  /** Reads the date and Poland time a lesson row shows, to find the same lesson again later. */
  async whenOf(lesson: Locator): Promise<LessonWhen> {
    const date = (await lesson.getByText(/^\p{L}+, \d{2}\.\d{2}\.\d{4}$/u).textContent()) ?? ''
    const time = ((await lesson.getByText(/^\d{2}:\d{2}–\d{2}:\d{2}/).textContent()) ?? '').slice(0, 11)
    return { date, time }
  }

  /** The "Najbliższa lekcja" panel above the tabs (design.md "Layout": the most prominent thing). */
  nextLesson(): Locator {
    return this.page.getByRole('region', { name: 'Najbliższa lekcja' })
  }

  actionsMenu(lesson: Locator): Locator {
    return lesson.getByRole('button', { name: /^Działania dla lekcji: / })
  }

  /** Opens the lesson's actions menu and its `action`, and returns the dialog that opened. */
  async open(lesson: Locator, action: LessonAction, dialogTitle: string = action): Promise<Locator> {
    await this.actionsMenu(lesson).click()
    await this.page.getByRole('menuitem', { name: action }).click()
    const dialog = this.dialog(dialogTitle)
    await expect(dialog).toBeVisible()
    return dialog
  }

  /** The actions the lesson's menu offers now (the menu is closed again afterwards). */
  async actions(lesson: Locator): Promise<string[]> {
    await this.actionsMenu(lesson).click()
    const items = this.page.getByRole('menuitem')
    await expect(items.first()).toBeVisible()
    const names = await items.allInnerTexts()
    await this.page.keyboard.press('Escape')
    await expect(items).toHaveCount(0)
    return names
  }

  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title })
  }

  /** A success toast; Mantine's notifications are alerts. */
  toast(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text })
  }

  /**
   * Sets RateLesson's stars from the keyboard: they are a radio group ("4 z 5") whose inputs are
   * visually hidden behind the star pictures.
   */
  async rate(dialog: Locator, stars: number) {
    const star = dialog
      .getByRole('radiogroup', { name: 'Ocena' })
      .getByRole('radio', { name: `${stars} z 5` })
    await star.focus()
    await this.page.keyboard.press('Space')
    await expect(star).toBeChecked()
  }
}
