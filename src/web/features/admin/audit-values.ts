import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { polandDateTime } from './admin-format.ts'
import { codeLabels, emptyLabels, fieldLabel, fieldOrder, penaltyReasons } from './audit-labels.ts'
import { settingFields, unitLabel } from './setting-fields.ts'

// The audit log's before and after, read as a list of fields as the screens say them: labelled,
// yes/no, states by name, instants in Poland time, days as dd.MM.yyyy, settings with their unit.
// A nested object (the absentee's state) reads as its fields: "Nieobecna osoba · Blokada do".

export type ChangeRow = { key: string; label: string; before: string; after: string; changed: boolean }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Fields whose object is one value (a penalty is said by its reason). */
const WHOLE = new Set(['penalty'])
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

function flatten(value: unknown, path: string, out: Map<string, unknown>): void {
  const field = path.split('.').at(-1) ?? ''
  if (isRecord(value) && !WHOLE.has(field)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, path ? `${path}.${key}` : key, out)
  } else {
    out.set(path, value)
  }
}

/** One value of field `key` as people read it. */
export function showValue(key: string, value: unknown, i18n: I18n): string {
  const field = key.split('.').at(-1) ?? ''
  if (value === null || value === undefined) {
    const empty = emptyLabels[field]
    return empty ? i18n._(empty) : '—'
  }
  if (typeof value === 'boolean') return value ? i18n._(msg`tak`) : i18n._(msg`nie`)
  if (Array.isArray(value)) return String(value.length)
  if (isRecord(value)) {
    const reason = typeof value.reason === 'string' ? penaltyReasons[value.reason] : undefined
    return reason ? `${i18n._(msg`kara`)} ${i18n._(reason)}` : JSON.stringify(value)
  }
  if (typeof value === 'number') {
    const setting = settingFields.find((f) => f.key === field)
    return setting ? `${value} ${i18n._(unitLabel[setting.unit])}` : String(value)
  }
  if (typeof value !== 'string') return String(value)
  const code = codeLabels[field]?.[value]
  if (code) return i18n._(code)
  if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return polandDateTime(value)
  const day = DAY.exec(value)
  if (day) return `${day[3]}.${day[2]}.${day[1]}`
  return value === '' ? '""' : value
}

/** A field's label: each part of a nested one in the screen's words, its own name if unknown. */
export function rowLabel(key: string, i18n: I18n): string {
  if (key === '') return i18n._(msg`Wartość`)
  return key
    .split('.')
    .map((part) => {
      const label = fieldLabel(part)
      return label ? i18n._(label) : part
    })
    .join(' · ')
}

/** The rows of a change: every field of either side (changed ones first), or one for plain values. */
export function changeRows(before: unknown, after: unknown, i18n: I18n): ChangeRow[] {
  if (before === null && after === null) return []
  const from = new Map<string, unknown>()
  const to = new Map<string, unknown>()
  flatten(before, '', from)
  flatten(after, '', to)
  // A creation or a removal has nothing on one side: its fields are empty there.
  for (const side of [from, to]) if (side.size === 1 && side.get('') === null) side.delete('')
  // The stored JSON keeps no order (jsonb): fields go in the screens' order.
  const order = (key: string) => fieldOrder(key.split('.')[0] ?? '')
  const keys = [...new Set([...from.keys(), ...to.keys()])].sort((a, b) => order(a) - order(b))
  const rows = keys.map((key) => {
    // An id written on one side only says what the change was about (the report's lesson): the
    // same on both sides, not a change.
    const context = key.endsWith('_id') && from.size > 0 && to.size > 0 && from.has(key) !== to.has(key)
    const was = context ? (from.get(key) ?? to.get(key)) : from.get(key)
    const is = context ? was : to.get(key)
    return {
      key,
      label: rowLabel(key, i18n),
      before: showValue(key, was, i18n),
      after: showValue(key, is, i18n),
      changed: JSON.stringify(was ?? null) !== JSON.stringify(is ?? null),
    }
  })
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)]
}
