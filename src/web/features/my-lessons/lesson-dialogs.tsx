import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { AddNoteDialog } from './add-note-dialog.tsx'
import { CancelLessonDialog } from './cancel-lesson-dialog.tsx'
import type { LessonAction } from './lesson-display.ts'
import { LessonMaterialsDialog } from './lesson-materials-dialog.tsx'
import { LessonMemosDialog } from './lesson-memos-dialog.tsx'
import { RateLessonDialog } from './rate-lesson-dialog.tsx'
import { ReportAbsenceDialog } from './report-absence-dialog.tsx'

export type OpenDialog = { action: LessonAction; lesson: Lesson }

const DIALOGS = {
  cancel: CancelLessonDialog,
  rate: RateLessonDialog,
  note: AddNoteDialog,
  memos: LessonMemosDialog,
  materials: LessonMaterialsDialog,
  absence: ReportAbsenceDialog,
} satisfies Record<LessonAction, unknown>

/** The one open dialog of my-lessons; each opening starts afresh (its own state and key). */
export function LessonDialogs({ open, onClose }: { open: OpenDialog | null; onClose: () => void }) {
  if (!open) return null
  const Dialog = DIALOGS[open.action]
  return <Dialog key={`${open.action}-${open.lesson.id}`} lesson={open.lesson} onClose={onClose} />
}
