import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import * as v from 'valibot'
import { decodeIssue, type IssueCode } from '../../domain/validation/issues.ts'

// Every validation issue code of src/domain/validation/issues.ts (product-rules.md "Validation")
// with its text for people: natural Polish as the source, English in en.po. `Record<IssueCode, …>`
// keeps it exhaustive, so a new code in the domain fails the type check until it has a text here.

const count = (param: string) => {
  const n = Number(param)
  return Number.isFinite(n) ? n : 0
}

const issueMessages: Record<IssueCode, (param: string) => MessageDescriptor> = {
  required: () => msg`To pole jest wymagane`,
  invalid: () => msg`Nieprawidłowa wartość`,
  unstorable_text: () => msg`Tekst zawiera znak, którego nie można zapisać`,
  single_line: () => msg`Wpisz to w jednej linii, bez podziałów wiersza, tabulatorów i znaków sterujących`,
  email: () => msg`Podaj poprawny adres e-mail`,
  too_short: (param) => {
    const atLeast = count(param)
    return msg`Wpisz co najmniej ${plural(atLeast, { one: '# znak', few: '# znaki', many: '# znaków', other: '# znaku' })}`
  },
  too_long: (param) => {
    const atMost = count(param)
    return msg`Wpisz najwyżej ${plural(atMost, { one: '# znak', few: '# znaki', many: '# znaków', other: '# znaku' })}`
  },
  password_mismatch: () => msg`Hasła nie są takie same`,
  name_format: () => msg`Użyj tylko liter, spacji, łączników i apostrofów`,
  phone_format: () => msg`Numer telefonu musi mieć co najmniej 9 cyfr (może zaczynać się od +)`,
  date_format: () => msg`Podaj pełną, poprawną datę`,
  date_in_future: () => msg`Data nie może być z przyszłości`,
  date_too_old: () => msg`Podaj prawdziwą datę urodzenia`,
  iban_format: () => msg`Podaj IBAN: dwie litery kraju, dwie cyfry i do 34 liter lub cyfr`,
  iban_country: () => msg`Ten IBAN nie zaczyna się kodem kraju, który używa numerów IBAN`,
  iban_length: (param) => {
    const length = count(param)
    return msg`IBAN z tego kraju ma ${plural(length, { one: '# znak', few: '# znaki', many: '# znaków', other: '# znaku' })}`
  },
  iban_checksum: () => msg`W tym numerze IBAN jest literówka: cyfry kontrolne się nie zgadzają`,
  swift_format: () => msg`Kod SWIFT/BIC ma 8 lub 11 znaków`,
  swift_required: () => msg`Dla konta spoza Polski podaj kod SWIFT/BIC`,
  street_format: () => msg`Użyj tylko liter, cyfr, spacji i znaków . ' -`,
  alphanumeric_format: () => msg`Użyj tylko liter i cyfr`,
  zip_format: () => msg`Użyj tylko cyfr, spacji i łączników`,
  place_format: () => msg`Użyj tylko liter, spacji i znaków ' -`,
  url_format: () => msg`Podaj pełny adres zaczynający się od http:// lub https://`,
  push_service: () => msg`Ten adres nie jest usługą powiadomień przeglądarki`,
  links_required: () => msg`Dodaj co najmniej jeden link`,
  too_many: (param) => {
    const items = count(param)
    return msg`Możesz dodać najwyżej ${plural(items, { one: '# pozycję', few: '# pozycje', many: '# pozycji', other: '# pozycji' })}`
  },
  language_required: () => msg`Wybierz język`,
  level_required: () => msg`Wybierz poziom`,
  specialization_required: () => msg`Wybierz co najmniej jedną specjalizację`,
  language_duplicate: () => msg`Ten język jest już na liście`,
  teaching_language_required: () => msg`Wybierz co najmniej jeden język, w którym prowadzisz lekcje`,
  agreement_required: () => msg`Ta zgoda jest wymagana`,
  file_type: (types) => msg`Dozwolone typy plików: ${types}`,
  file_too_large: (mb) => msg`Plik może mieć najwyżej ${mb} MB`,
  file_required: () => msg`Dodaj plik`,
  time_format: () => msg`Podaj godzinę w formacie GG:MM`,
  time_grid: () => msg`Użyj kroku 15 minut między 06:00 a 23:00`,
  time_order: () => msg`Początek musi być przed końcem`,
  time_overlap: () => msg`Przedziały jednego dnia nie mogą na siebie zachodzić`,
  date_out_of_range: () => msg`Wybierz datę z bieżącego lub następnego tygodnia`,
  range_too_long: (param) => {
    const days = count(param)
    return msg`Wybierz najwyżej ${plural(days, { one: '# dzień', few: '# dni', many: '# dni', other: '# dnia' })}`
  },
  student_required: () => msg`Wybierz co najmniej jednego kursanta`,
  student_unknown: () => msg`Nie ma konta kursanta z tym adresem e-mail`,
  slot_required: () => msg`Wybierz co najmniej jeden termin`,
  slot_duplicate: () => msg`Ten sam termin wybrano dwa razy`,
  time_window: () => msg`Godzina końca musi być późniejsza niż początku`,
  one_field_required: () =>
    msg`Wyślij dokładnie jedno z: wiadomość dla lektora, notatki dla kursanta, notatki kursanta`,
  rating_range: () => msg`Wybierz od 1 do 5 gwiazdek`,
}

// A code is known by its text here, not by the domain's list (which would ship on every page).
const isIssueCode = (code: string): code is IssueCode => Object.hasOwn(issueMessages, code)

/** The text of one issue code and its parameter (e.g. `too_short` + `60`). */
export function issueMessage(code: IssueCode, param = ''): MessageDescriptor {
  return issueMessages[code](param)
}

/** The text of a valibot message written as `code` or `code:param` (issues.ts). */
export function issueTextOf(message: string): MessageDescriptor {
  const { code, param } = decodeIssue(message, isIssueCode)
  return issueMessage(code, param)
}

/** Field path (Mantine form path, dot-separated) → the text of its first problem. */
export type FieldMessages = Record<string, MessageDescriptor>

/** Where a payload path shows in a form (e.g. `bank.iban` → `iban`); null drops the issue. */
export type PathMap = (path: string) => string | null

const samePath: PathMap = (path) => path

/** Turns valibot issues into one message per form path: the first issue of each path wins. */
export function issuesToFieldMessages(
  issues: readonly v.BaseIssue<unknown>[],
  mapPath: PathMap = samePath,
): FieldMessages {
  const messages: FieldMessages = {}
  for (const found of issues) {
    const path = mapPath(v.getDotPath(found) ?? '')
    if (path === null || path in messages) continue
    messages[path] = issueTextOf(found.message)
  }
  return messages
}

/**
 * Validates `input` with a domain schema (the same the server runs) and returns the messages per
 * form path; `{}` when it passes.
 */
export function schemaFieldMessages(
  schema: v.GenericSchema,
  input: unknown,
  mapPath: PathMap = samePath,
): FieldMessages {
  const result = v.safeParse(schema, input)
  return result.success ? {} : issuesToFieldMessages(result.issues, mapPath)
}

/** A server field error's `code`/`param` (when it is an issue code) → its text, else null. */
export function issueCodeMessage(
  code: string | undefined,
  param: string | undefined,
): MessageDescriptor | null {
  if (code === undefined || !isIssueCode(code)) return null
  return issueMessage(code, param ?? '')
}
