import { Suspense } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { lazyComponent } from '../../ui/lazy-component.tsx'
import type { LessonAction } from './lesson-state.ts'

export type OpenDialog = { action: LessonAction; lesson: Lesson }

// Each dialog is a chunk of its own, downloaded when first opened.
const DIALOGS = {
  cancel: lazyComponent(async () => (await import('./cancel-lesson-dialog.tsx')).CancelLessonDialog),
  rate: lazyComponent(async () => (await import('./rate-lesson-dialog.tsx')).RateLessonDialog),
  note: lazyComponent(async () => (await import('./add-note-dialog.tsx')).AddNoteDialog),
  memos: lazyComponent(async () => (await import('./lesson-memos-dialog.tsx')).LessonMemosDialog),
  materials: lazyComponent(async () => (await import('./lesson-materials-dialog.tsx')).LessonMaterialsDialog),
  recordings: lazyComponent(
    async () => (await import('./lesson-recordings-dialog.tsx')).LessonRecordingsDialog,
  ),
  absence: lazyComponent(async () => (await import('./report-absence-dialog.tsx')).ReportAbsenceDialog),
  roster: lazyComponent(async () => (await import('./group-roster-dialog.tsx')).GroupRosterDialog),
  groupAbsence: lazyComponent(async () => (await import('./group-absence-dialog.tsx')).GroupAbsenceDialog),
} satisfies Record<LessonAction, unknown>

/** The one open dialog of my-lessons; each opening starts afresh (its own state and key). */
export function LessonDialogs({ open, onClose }: { open: OpenDialog | null; onClose: () => void }) {
  if (!open) return null
  const Dialog = DIALOGS[open.action]
  return (
    <Suspense fallback={null}>
      <Dialog key={`${open.action}-${open.lesson.id}`} lesson={open.lesson} onClose={onClose} />
    </Suspense>
  )
}
