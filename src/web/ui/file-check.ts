import type { MessageDescriptor } from '@lingui/core'
import {
  checkFile,
  FILE_RULES,
  type FileCheck,
  type FileKind,
  megabytes,
  SNIFF_BYTES,
} from '../../domain/files.ts'
import { issueMessage } from '../api/issue-messages.ts'

/** What the file chooser offers (a hint only: the content decides, product-rules.md "Uploads"). */
export const ACCEPT_BY_KIND: Record<FileKind, string> = {
  picture: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  video: 'video/mp4,.mp4',
  material: '',
  voice: 'audio/wav,.wav',
  // Made by the lesson room's recorder, never chosen by a person.
  recording: 'video/webm,.webm',
  'recording-chunk': '',
  // Fetched from Vonage by the server, never chosen by a person.
  'provider-recording': '',
  'voice-clip': 'audio/webm,.webm',
}

/** product-rules.md "Uploads": judges a chosen file by its first bytes and its size, never by its name. */
export async function checkChosenFile(kind: FileKind, file: Blob): Promise<FileCheck> {
  if (file.size > FILE_RULES[kind].maxBytes) return { ok: false, reason: 'file_too_large' }
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())
  return checkFile(kind, head, file.size)
}

/** The text for a refused file: the allowed types, or the size limit in MB. */
export function fileProblemMessage(
  kind: FileKind,
  reason: 'file_type' | 'file_too_large',
): MessageDescriptor {
  const rule = FILE_RULES[kind]
  return reason === 'file_type'
    ? issueMessage('file_type', rule.label)
    : issueMessage('file_too_large', String(megabytes(rule.maxBytes)))
}

/** "4.2 MB" / "4,2 MB" in the interface language. */
export function formatFileSize(bytes: number, locale: string): string {
  const mb = bytes / 1_048_576
  if (mb < 0.1) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB`
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(mb)} MB`
}
