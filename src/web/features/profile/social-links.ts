import type { MessageDescriptor } from '@lingui/core'
import * as v from 'valibot'
import { urlSchema } from '../../../domain/validation/rules.ts'
import { issueTextOf } from '../../api/issue-messages.ts'

// product-rules.md "Validation": at least one link to save; edits debounced 500 ms; duplicates
// ignored.

/** The payload's links: trimmed, empty rows dropped, each link once (first occurrence wins). */
export function socialLinksPayload(rows: readonly string[]): string[] {
  return [...new Set(rows.map((row) => row.trim()).filter((row) => row !== ''))]
}

/** The row each payload link came from, so a problem with a link shows on its row. */
export function payloadRowIndex(rows: readonly string[], payloadIndex: number): number {
  const link = socialLinksPayload(rows)[payloadIndex]
  return link === undefined ? -1 : rows.findIndex((row) => row.trim() === link)
}

export type RowHint = { error: MessageDescriptor | null; duplicate: boolean }

/** Per-row feedback once typing has paused: a malformed address, or a repeat that is skipped. */
export function socialLinkHints(rows: readonly string[]): RowHint[] {
  const seen = new Set<string>()
  return rows.map((row) => {
    const link = row.trim()
    if (link === '') return { error: null, duplicate: false }
    const duplicate = seen.has(link)
    seen.add(link)
    const checked = v.safeParse(urlSchema, link)
    const error = checked.success ? null : issueTextOf(checked.issues[0].message)
    return { error: duplicate ? null : error, duplicate }
  })
}
