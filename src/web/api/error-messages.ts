import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AiErrorCode } from '../../domain/ai-lesson/errors.ts'
import type { ErrorCode, FeatureErrorCode, FieldError } from '../../domain/errors.ts'
import type { IssueCode } from '../../domain/validation/issues.ts'
import type { ApiError } from './api-error.ts'
import { issueCodeMessage, issueMessage } from './issue-messages.ts'

// Every stable error code of src/domain/errors.ts with its text for people (the wording of
// product-rules.md "Errors" in English, natural Polish as the source). `Record<ShellCode, …>` keeps
// the map exhaustive. The AI lesson's own codes are worded in its chunk
// (features/ai-lesson/ai-error-messages.ts: its calls show their errors themselves); here one reads
// as "you may not do this". The codes only one screen meets are worded in its chunk too, which
// registers them here when it loads (`registerCodeMessages`).
type ShellCode = Exclude<ErrorCode, AiErrorCode | FeatureErrorCode>
type Worded = (params: Record<string, string>) => MessageDescriptor
const registered = new Map<string, Worded>()

/** A screen's chunk words the codes only it meets, in full for each group of them. */
export function registerCodeMessages<C extends FeatureErrorCode>(messages: Record<C, Worded>): void {
  for (const [code, worded] of Object.entries<Worded>(messages)) registered.set(code, worded)
}
const codeMessages = (params: Record<string, string>): Record<ShellCode, MessageDescriptor> => {
  const date = params.date ?? ''
  const limit = params.limit ?? ''
  const max = params.max ?? ''
  return {
    wrong_credentials: msg`Nieprawidłowy e-mail lub hasło`,
    awaiting_verification: msg`Twoje konto czeka na weryfikację`,
    account_inactive: msg`Konto jest nieaktywne`,
    account_banned: msg`Twoje konto jest zablokowane do ${date} z powodu odwoływania lekcji`,
    invitation_invalid: msg`Link aktywacyjny konta jest nieprawidłowy lub wygasł`,
    reset_token_invalid: msg`Link do zmiany hasła jest nieprawidłowy lub wygasł`,
    reset_retry_wait: msg`Odczekaj 2 minuty, zanim ponownie zresetujesz hasło`,
    email_taken: msg`Ten adres e-mail jest już używany`,
    registration_already_completed: msg`Rejestracja została już zakończona`,
    current_password_incorrect: msg`Obecne hasło jest nieprawidłowe`,
    student_profile_forbidden: msg`Nie masz uprawnień do wyświetlenia profilu tego kursanta`,
    unauthenticated: msg`Wylogowano Cię`,
    forbidden: msg`Nie masz uprawnień do wykonania tej czynności`,
    not_found: msg`Nie znaleziono`,
    bad_request: msg`Nie można obsłużyć tego żądania`,
    validation_failed: msg`Nieprawidłowe dane`,
    too_many_requests: msg`Zbyt wiele prób. Spróbuj ponownie później.`,
    payload_too_large: msg`Plik jest za duży`,
    unsupported_media_type: msg`Nieobsługiwany typ pliku`,
    server_error: msg`Błąd serwera. Spróbuj ponownie później.`,
    human_access_required: msg`Twoje konto nie ma dostępu do lekcji z lektorem`,
    registration_incomplete: msg`Dokończ rejestrację, zanim umówisz lekcję`,
    group_lessons_only: msg`Twoje konto obejmuje tylko lekcje grupowe`,
    account_expired: msg`Nie możesz umówić lekcji po dacie wygaśnięcia konta`,
    lesson_limit: msg`Osiągnięto limit lekcji zaplanowanych naraz: ${limit}`,
    lesson_date_taken: msg`Masz już lekcję zaplanowaną na ten dzień`,
    one_lesson_with_teacher: msg`U tego lektora możesz umówić tylko jedną lekcję dziennie`,
    not_accepting_new_students: msg`Lektor obecnie nie przyjmuje nowych kursantów`,
    teacher_monthly_income: msg`Limit lekcji został wykorzystany`,
    language_not_taught: msg`Lektor nie uczy tego języka na tym poziomie`,
    slot_taken: msg`Ktoś właśnie zarezerwował ten termin. Wybierz inny.`,
    slot_unavailable: msg`Tego terminu nie można już zarezerwować`,
    idempotency_key_reused: msg`Nie udało się powtórzyć żądania. Odśwież stronę i spróbuj ponownie.`,
    lesson_started: msg`Nie możesz odwołać lekcji, która już się rozpoczęła`,
    lesson_cancelled: msg`Ta lekcja została odwołana`,
    lesson_finished: msg`Ta lekcja już się zakończyła`,
    lesson_not_finished: msg`Lekcję można ocenić dopiero po jej zakończeniu`,
    rating_exists: msg`Ta lekcja została już oceniona`,
    rating_missing: msg`Ta lekcja nie ma jeszcze oceny`,
    absence_too_early: msg`Nieobecność można zgłosić najwcześniej 15 minut przed początkiem lekcji`,
    absence_already_reported: msg`Nieobecność na tej lekcji została już przez Ciebie zgłoszona`,
    absentee_invalid: msg`Nieobecną osobą musi być drugi uczestnik lekcji`,
    group_lesson_memo: msg`Notatka kursanta nie jest dostępna dla lekcji grupowych`,
    too_many_materials: msg`Do lekcji można dodać najwyżej ${max} materiałów`,
    lesson_not_found: msg`Nie znaleziono lekcji`,
    group_lesson: msg`Do lekcji grupowej nie można dołączyć tutaj`,
    join_window_not_open: msg`Do lekcji można dołączyć najwcześniej 15 minut przed jej początkiem`,
    join_window_closed: msg`Pokój lekcji jest już zamknięty: zamyka się 15 minut po końcu lekcji`,
    push_endpoint_taken: msg`To urządzenie dostaje powiadomienia innego konta`,
    video_provider_unavailable: msg`Usługa wideo nie odpowiada. Spróbuj ponownie za chwilę.`,
    lack_of_slots_daily_cap: msg`Dziś wysłano już ${max} zgłoszeń brakujących terminów. Szkoła je ma i skontaktuje się z Tobą; kolejne możesz wysłać jutro.`,
    waitlist_full: msg`Możesz czekać na wolne terminy najwyżej ${max} lektorów naraz`,
  }
}

export function codeMessage(code: ErrorCode, params: Record<string, string> = {}): MessageDescriptor {
  const worded = registered.get(code)
  if (worded) return worded(params)
  const messages = codeMessages(params)
  // AI lesson codes, or a screen's codes met elsewhere: "you may not do this".
  const shell: Partial<Record<ErrorCode, MessageDescriptor>> = messages
  return shell[code] ?? messages.forbidden
}

export const networkErrorMessage = msg`Błąd sieci! Sprawdź połączenie z internetem i spróbuj ponownie.`

/** The text for an error answer: its code when known, otherwise a generic one by status. */
export function apiErrorMessage(error: ApiError): MessageDescriptor {
  if (error.kind === 'network') return networkErrorMessage
  if (error.code) return codeMessage(error.code, error.params)
  if (error.status === 401) return codeMessage('unauthenticated')
  if (error.status === 403) return codeMessage('forbidden')
  if (error.status === 404) return codeMessage('not_found')
  if (error.status === 429) return codeMessage('too_many_requests')
  if (error.status !== undefined && error.status >= 400 && error.status < 500) {
    return codeMessage('validation_failed')
  }
  return codeMessage('server_error')
}

/**
 * What a form shows beside itself: nothing for server errors (the global server-error alert
 * shows those, product-rules.md "Errors") and nothing for aborted requests.
 */
export function inlineErrorMessage(error: ApiError): MessageDescriptor | null {
  if (error.kind === 'aborted' || error.isServerError) return null
  return apiErrorMessage(error)
}

// product-rules.md "Validation": a server field error carries the issue code of
// src/domain/validation/issues.ts in `code`/`param`; its English `message` is only read when an
// older server sends no code.
const englishFallbacks: [RegExp, IssueCode][] = [
  [/^This field is required$/, 'required'],
  [/^Please enter a valid e-mail address$/, 'email'],
  [/^Passwords do not match$/, 'password_mismatch'],
  [/^At least (\d+) characters$/, 'too_short'],
  [/^At most (\d+) characters$/, 'too_long'],
]

/** The text for one of the server's field errors, in the active language. */
export function fieldErrorMessage(error: Pick<FieldError, 'message' | 'code' | 'param'>): MessageDescriptor {
  const byCode = issueCodeMessage(error.code, error.param)
  if (byCode) return byCode
  for (const [pattern, code] of englishFallbacks) {
    const match = pattern.exec(error.message)
    if (match) return issueMessage(code, match[1] ?? '')
  }
  return issueMessage('invalid')
}
