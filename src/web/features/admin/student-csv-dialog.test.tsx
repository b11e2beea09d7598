// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CsvRow } from '../../../domain/api/admin-students.ts'
import { activateLocale } from '../../config/i18n.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { CSV_MAX_BYTES } from './csv-file.ts'
import { StudentCsvDialog } from './student-csv-dialog.tsx'

// The CSV invite as the operator meets it: the app's own file button, a Polish Excel's file read
// with its letters, a file over the limit refused with its size, and each row's problems under it.

const header = 'email,human_access,ai_access,only_group_lessons,active_until,company_name,locale\n'
/** "Łódź" in Windows-1250. */
const lodz = [0xa3, 0xf3, 0x64, 0x9f]

function openDialog() {
  renderScreen('/admin/students', '/admin/students', <StudentCsvDialog onClose={() => {}} />)
  return screen.findByRole('dialog', { name: 'Zaproś kursantów z pliku CSV' })
}

function choose(dialog: HTMLElement, file: File) {
  const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')
  if (!input) throw new Error('no file input')
  fireEvent.change(input, { target: { files: [file] } })
}

describe('the CSV invite dialog', () => {
  beforeEach(async () => {
    localStorage.clear()
    await activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it("reads a Polish Excel's Windows-1250 file with its Polish letters, and says so", async () => {
    routeFetch({})
    const dialog = await openDialog()
    expect(within(dialog).getByRole('button', { name: 'Wybierz plik CSV' })).toBeTruthy()
    const bytes = Uint8Array.from([...new TextEncoder().encode(`${header}a@b.pl,tak,nie,,,`), ...lodz, 0x2c])
    choose(dialog, new File([bytes], 'kursanci.csv', { type: 'text/csv' }))
    const contents = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Zawartość pliku' })
    await waitFor(() => expect(contents.value).toContain('a@b.pl,tak,nie,,,Łódź,'))
    expect(contents.value).not.toContain('\uFFFD')
    expect(within(dialog).getByText('Wczytano plik kursanci.csv (Windows-1250, zapis Excela).')).toBeTruthy()
  })

  it('refuses a file over the limit with its size, and keeps nothing of it', async () => {
    routeFetch({})
    const dialog = await openDialog()
    const big = new File([new Uint8Array(CSV_MAX_BYTES + 60 * 1024).fill(0x61)], 'duzy.csv')
    choose(dialog, big)
    expect(
      await within(dialog).findByText(
        'Plik duzy.csv ma 316 KB, a najwięcej można wczytać 256 KB. Podziel go na mniejsze pliki.',
      ),
    ).toBeTruthy()
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Zawartość pliku' }).value).toBe(
      '',
    )
  })

  it('shows each row with its problems under its e-mail, in a list rather than a wide table', async () => {
    const bad: CsvRow = {
      line: 3,
      email: 'bardzo.dluga.nazwa.skrzynki@przyklad-firmy-szkoleniowej.pl',
      cells: {
        email: 'bardzo.dluga.nazwa.skrzynki@przyklad-firmy-szkoleniowej.pl',
        human_access: 'może',
        ai_access: 'nie',
        only_group_lessons: '',
        active_until: '2020-01-01',
        company_name: '',
        locale: 'pl',
      },
      values: null,
      problems: [
        { field: 'human_access', code: 'flag_invalid', message: 'Write tak or nie' },
        { field: 'active_until', code: 'date_past', message: 'The date has passed' },
        { field: 'row', code: 'columns', message: 'The row has 6 fields, not 7.' },
      ],
    }
    routeFetch({
      'POST /api/v1/admin/students/invite_csv/preview': {
        status: 200,
        body: { data: { rows: [bad], total: 1, valid: 0, invalid: 1 } },
      },
    })
    const dialog = await openDialog()
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Zawartość pliku' }), {
      target: { value: `${header}x` },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sprawdź' }))
    const list = await within(dialog).findByRole('list', { name: 'Wiersze pliku' })
    expect(within(dialog).queryByRole('table')).toBeNull()
    const [item] = within(list).getAllByRole('listitem')
    if (!item) throw new Error('no row')
    expect(item.textContent).toContain('Wiersz 3: bardzo.dluga.nazwa.skrzynki@przyklad-firmy-szkoleniowej.pl')
    expect(within(item).getByText('human_access: wpisz tak albo nie')).toBeTruthy()
    expect(within(item).getByText('active_until: data już minęła')).toBeTruthy()
    // A problem of the whole row names no column.
    expect(within(item).getByText('zła liczba kolumn')).toBeTruthy()
  })
})
