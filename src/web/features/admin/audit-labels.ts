import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { settingFields } from './setting-fields.ts'

// The audit log's words: each action the server writes, each kind of target, each field of the
// entries' before and after, and the values that are codes (states, consequences, languages).

/** Every action the server writes to the log (the filter's picker lists them all). */
export const knownActions: { value: string; label: MessageDescriptor }[] = [
  { value: 'settings.update', label: msg`Zmiana ustawień` },
  { value: 'teacher.verify', label: msg`Weryfikacja lektora` },
  { value: 'teacher.reject', label: msg`Odrzucenie zgłoszenia lektora` },
  { value: 'teacher.deactivate', label: msg`Dezaktywacja lektora` },
  { value: 'teacher.reactivate', label: msg`Przywrócenie lektora` },
  { value: 'teacher.video_provider', label: msg`Dostawca wideo lektora` },
  { value: 'student.invite', label: msg`Zaproszenie kursanta` },
  { value: 'student.invitation_resend', label: msg`Ponowne wysłanie zaproszenia` },
  { value: 'student.update', label: msg`Zmiana dostępu kursanta` },
  { value: 'student.lift_ban', label: msg`Zdjęcie blokady kursanta` },
  { value: 'student.clear_warning', label: msg`Usunięcie ostrzeżenia kursanta` },
  { value: 'user.lesson_limits', label: msg`Limity lekcji` },
  { value: 'lesson.cancel', label: msg`Odwołanie lekcji` },
  { value: 'lesson.learncube', label: msg`Lekcja w LearnCube` },
  { value: 'absence_report.accept', label: msg`Uznanie zgłoszenia nieobecności` },
  { value: 'absence_report.dismiss', label: msg`Odrzucenie zgłoszenia nieobecności` },
  { value: 'lack_of_slots.handle', label: msg`Obsłużenie braku terminów` },
  { value: 'group_class.create', label: msg`Nowe zajęcia grupowe` },
  { value: 'group_class.update', label: msg`Zmiana zajęć grupowych` },
  { value: 'group_class.enrol', label: msg`Zapis na zajęcia grupowe` },
  { value: 'group_class.remove_student', label: msg`Wypisanie z zajęć grupowych` },
  { value: 'group_class.cancel_remaining', label: msg`Odwołanie pozostałych spotkań` },
  { value: 'group_meeting.move', label: msg`Przeniesienie spotkania grupowego` },
  { value: 'group_meeting.cancel', label: msg`Odwołanie spotkania grupowego` },
  { value: 'operator.create', label: msg`Nowy operator` },
  { value: 'second_factor.enrol', label: msg`Drugi składnik włączony` },
]

export const actionLabel = (action: string): MessageDescriptor | null =>
  knownActions.find((a) => a.value === action)?.label ?? null

export const targetTypes: { value: string; label: MessageDescriptor }[] = [
  { value: 'settings', label: msg`Ustawienia szkoły` },
  { value: 'user', label: msg`Konto` },
  { value: 'lesson', label: msg`Lekcja` },
  { value: 'teacher', label: msg`Lektor` },
  { value: 'absence_report', label: msg`Zgłoszenie nieobecności` },
  { value: 'lack_of_slots_report', label: msg`Brak terminów` },
  { value: 'group_class', label: msg`Zajęcia grupowe` },
  { value: 'group_meeting', label: msg`Spotkanie grupowe` },
]

export const targetLabel = (type: string): MessageDescriptor | null =>
  targetTypes.find((t) => t.value === type)?.label ?? null

const fieldLabels = new Map<string, MessageDescriptor>([
  ...settingFields.map((f): [string, MessageDescriptor] => [f.key, f.label]),
  ['status', msg`Stan`],
  ['verified_at', msg`Zweryfikowano`],
  ['reason', msg`Powód`],
  ['scheduled_lessons_limit', msg`Limit zaplanowanych lekcji`],
  ['monthly_lesson_cap', msg`Miesięczny limit lekcji`],
  ['video_provider', msg`Dostawca wideo`],
  ['learncube', msg`W LearnCube`],
  ['lessons', msg`Lekcje (liczba)`],
  ['email', msg`E-mail`],
  ['first_name', msg`Imię`],
  ['last_name', msg`Nazwisko`],
  ['role', msg`Rola`],
  ['human_access', msg`Lekcje z lektorem`],
  ['ai_access', msg`Lekcje z AI`],
  ['only_group_lessons', msg`Tylko lekcje grupowe`],
  ['company_name', msg`Firma`],
  ['active_until', msg`Dostęp do`],
  ['locale', msg`Język konta`],
  ['invitation_sent_at', msg`Zaproszenie wysłane`],
  ['banned_until', msg`Blokada do`],
  ['warned_at', msg`Ostrzeżenie z dnia`],
  ['lesson_id', msg`Lekcja (identyfikator)`],
  ['absentee_id', msg`Nieobecna osoba (identyfikator)`],
  ['absentee', msg`Nieobecna osoba`],
  ['note', msg`Notatka`],
  ['consequence', msg`Skutek`],
  ['cancelled_at', msg`Odwołano`],
  ['cancellation_reason', msg`Powód odwołania`],
  ['penalty', msg`Kara`],
  ['ids', msg`Zgłoszenia (liczba)`],
  ['handled_at', msg`Obsłużono`],
  ['enabled', msg`Włączony`],
  ['title', msg`Tytuł`],
  ['description', msg`Opis`],
  ['capacity', msg`Liczba miejsc`],
  ['provider', msg`Pokój`],
  ['meetings', msg`Spotkania (liczba)`],
  ['starts_at', msg`Początek`],
  ['ends_at', msg`Koniec`],
  ['enrolled', msg`Zapisani`],
  ['waiting', msg`Oczekujący`],
  ['promoted', msg`Z listy oczekujących na miejsce`],
])

/** Where a field stands among the others (the order above; unknown fields last). */
export const fieldOrder = (key: string): number => {
  const index = [...fieldLabels.keys()].indexOf(key)
  return index < 0 ? fieldLabels.size : index
}

/** A field's name in the screen's words; null for a field this build does not know. */
export const fieldLabel = (key: string): MessageDescriptor | null => fieldLabels.get(key) ?? null

/** Values that are codes, by field: said as the screens say them. */
export const codeLabels: Record<string, Record<string, MessageDescriptor>> = {
  status: {
    invited: msg`zaproszenie wysłane`,
    pending_verification: msg`czeka na weryfikację`,
    active: msg`konto aktywne`,
    inactive: msg`konto nieaktywne`,
    scheduled: msg`zaplanowana`,
    finished: msg`zakończona`,
    cancelled: msg`odwołana`,
    open: msg`czeka na decyzję`,
    accepted: msg`uznane`,
    dismissed: msg`odrzucone`,
    enrolled: msg`na liście zapisanych`,
    waiting: msg`na liście oczekujących`,
  },
  consequence: { warned: msg`ostrzeżenie`, banned: msg`blokada konta`, penalty: msg`kara` },
  role: { operator: msg`operator konsoli`, teacher: msg`lektor`, student: msg`kursant` },
  locale: { pl: msg`polski`, en: msg`angielski` },
  video_provider: { builtin: msg`wbudowane`, vonage: msg`Vonage` },
  provider: { builtin: msg`pokój Lektorium`, vonage: msg`Vonage lektora` },
}

/** What an empty value means, where it means more than "none". */
export const emptyLabels: Record<string, MessageDescriptor> = {
  video_provider: msg`domyślne szkoły`,
  monthly_lesson_cap: msg`bez limitu`,
  active_until: msg`bez końca`,
  penalty: msg`brak`,
}

/** A kara's reason (the absentee's penalty). */
export const penaltyReasons: Record<string, MessageDescriptor> = { absence: msg`za nieobecność` }
