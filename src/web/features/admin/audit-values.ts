import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { settingFields } from './setting-fields.ts'

// The audit log's before and after, read as a list of changed fields: a value of either side that
// is an object is compared key by key; anything else is one row.

export type ChangeRow = { key: string; before: string; after: string; changed: boolean }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** One value as people read it: text as is, nothing as a dash, the rest as compact JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value === '' ? '""' : value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/** The rows of a change: every key of either side (changed ones first), or one row for plain values. */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null && after === null) return []
    return [{ key: '', before: showValue(before), after: showValue(after), changed: true }]
  }
  const from = isRecord(before) ? before : {}
  const to = isRecord(after) ? after : {}
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])]
  const rows = keys.map((key) => {
    const was = showValue(isRecord(before) ? from[key] : undefined)
    const is = showValue(isRecord(after) ? to[key] : undefined)
    return { key, before: was, after: is, changed: was !== is }
  })
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)]
}

const settingLabels = new Map<string, MessageDescriptor>(settingFields.map((f) => [f.key, f.label]))
const fieldLabels = new Map<string, MessageDescriptor>([
  ['verified', msg`Zweryfikowany`],
  ['enabled', msg`Włączony`],
  ['active_until', msg`Aktywny do`],
  ['human_access', msg`Lekcje z lektorem`],
  ['ai_access', msg`Lekcje z AI`],
  ['banned_until', msg`Blokada do`],
  ['warned_at', msg`Ostrzeżony`],
])

/** A field's name in the screen's words where it is known; its own name otherwise. */
export const fieldLabel = (key: string): MessageDescriptor | null =>
  settingLabels.get(key) ?? fieldLabels.get(key) ?? null

/** The log's actions the console knows by name (the filter suggests them). */
export const knownActions: { value: string; label: MessageDescriptor }[] = [
  { value: 'settings.update', label: msg`Zmiana ustawień` },
  { value: 'teacher.verify', label: msg`Weryfikacja lektora` },
  { value: 'teacher.reactivate', label: msg`Przywrócenie lektora` },
  { value: 'teacher.video_provider', label: msg`Dostawca wideo lektora` },
  { value: 'student.invite', label: msg`Zaproszenie kursanta` },
  { value: 'student.invitation_resend', label: msg`Ponowne wysłanie zaproszenia` },
  { value: 'student.lift_ban', label: msg`Zdjęcie blokady kursanta` },
  { value: 'student.clear_warning', label: msg`Usunięcie ostrzeżenia kursanta` },
  { value: 'absence_report.accept', label: msg`Uznanie zgłoszenia nieobecności` },
  { value: 'absence_report.dismiss', label: msg`Odrzucenie zgłoszenia nieobecności` },
  { value: 'user.lesson_limits', label: msg`Limity lekcji` },
  { value: 'lesson.learncube', label: msg`Lekcja w LearnCube` },
  { value: 'lesson.cancel', label: msg`Odwołanie lekcji` },
  { value: 'operator.create', label: msg`Nowy operator` },
  { value: 'second_factor.enrol', label: msg`Drugi składnik włączony` },
]

export const actionLabel = (action: string): MessageDescriptor | null =>
  knownActions.find((a) => a.value === action)?.label ?? null

export const targetTypes: { value: string; label: MessageDescriptor }[] = [
  { value: 'settings', label: msg`Ustawienia` },
  { value: 'user', label: msg`Konto` },
  { value: 'lesson', label: msg`Lekcja` },
  { value: 'teacher', label: msg`Lektor` },
  { value: 'absence_report', label: msg`Zgłoszenie nieobecności` },
  { value: 'lack_of_slots_report', label: msg`Brak terminów` },
]

export const targetLabel = (type: string): MessageDescriptor | null =>
  targetTypes.find((t) => t.value === type)?.label ?? null
