import { createContext, useContext } from 'react'
import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { LessonAction } from './lesson-state.ts'

/** What every lesson on the screen needs to show itself and its actions. */
export type LessonView = {
  role: Role
  /** The screen's clock (use-now.ts), so every Join button follows the same time. */
  now: number
  /** The scheduled lessons' voice_sample_provided (it decides the video call routing). */
  voiceSample: boolean
  /**
   * Opens an action's dialog for a lesson; `returnTo` takes the focus back when it closes (the
   * lesson's ⋮ button).
   */
  open: (action: LessonAction, lesson: Lesson, returnTo?: HTMLElement | null) => void
  /** A lesson with writes not yet accepted by the server (shown with the pending badge). */
  isPending: (lessonId: string) => boolean
  /** The lesson with the note, memo or rating written offline and not yet sent (pending-writes.ts). */
  withPendingWrites: (lesson: Lesson) => Lesson
}

const LessonViewContext = createContext<LessonView | null>(null)

export const LessonViewProvider = LessonViewContext.Provider

export function useLessonView(): LessonView {
  const view = useContext(LessonViewContext)
  if (!view) throw new Error('useLessonView needs a LessonViewProvider')
  return view
}
