import type { ReactNode } from 'react'
import type { Lesson } from '../../domain/api/my-lessons.ts'
import { canRate, canReportAbsence } from '../../domain/lesson-rules.ts'
import { useProfile } from '../api/profile.ts'
import type { RoomDialogs } from '../features/lesson-room/call-room.tsx'
import { LessonRoomScreen } from '../features/lesson-room/lesson-room-screen.tsx'
import { LessonMaterialsDialog } from '../features/my-lessons/lesson-materials-dialog.tsx'
import { type LessonView, LessonViewProvider } from '../features/my-lessons/lesson-view-context.tsx'
import { RateLessonDialog } from '../features/my-lessons/rate-lesson-dialog.tsx'
import { ReportAbsenceDialog } from '../features/my-lessons/report-absence-dialog.tsx'
import { RecordingProblem } from '../features/recordings/recording-control.tsx'
import { RoomMediaControls } from '../features/recordings/room-media.tsx'
import { RecordingStatus, RoomRecording } from '../features/recordings/room-recording.tsx'

// The room offers my-lessons' dialogs: the lesson's materials, ReportAbsence and, once the lesson's
// time is up, RateLesson (product-rules.md "Ratings"). Features do not import each other: they meet
// here.

function MyLessonsDialogs({
  role,
  voiceSample,
  children,
}: {
  role: LessonView['role']
  voiceSample: boolean
  children: ReactNode
}) {
  const view: LessonView = {
    role,
    now: Date.now(),
    voiceSample,
    // The room opens its dialogs itself; nothing inside them opens another.
    open: () => undefined,
    isPending: () => false,
    withPendingWrites: (lesson) => lesson,
  }
  return <LessonViewProvider value={view}>{children}</LessonViewProvider>
}

/** The room's lesson once its time is up (the room asks only then): finished, so it can be rated. */
const finished = (lesson: Lesson): Lesson => ({ ...lesson, status: 'finished' })

/** /dashboard/video-call-vonage: the lesson room with my-lessons' dialogs at hand. */
export function LessonRoomRoute() {
  const profile = useProfile().data
  if (!profile) return null
  const wrap = (node: ReactNode) => (
    <MyLessonsDialogs role={profile.role} voiceSample={Boolean(profile.voice_sample_url)}>
      {node}
    </MyLessonsDialogs>
  )
  const dialogs: RoomDialogs = {
    materials: (lesson: Lesson, onClose) => wrap(<LessonMaterialsDialog lesson={lesson} onClose={onClose} />),
    absence: (lesson: Lesson, onClose, onReported) =>
      wrap(<ReportAbsenceDialog lesson={lesson} onClose={onClose} onReported={onReported} />),
    canReportAbsence: (lesson: Lesson) => canReportAbsence(lesson, Date.now()),
    rate: (lesson: Lesson, onClose) => wrap(<RateLessonDialog lesson={finished(lesson)} onClose={onClose} />),
    canRate: (lesson: Lesson) => canRate(finished(lesson), profile.role),
    recording: {
      Room: RoomRecording,
      Status: RecordingStatus,
      Problem: RecordingProblem,
      Control: RoomMediaControls,
    },
  }
  return <LessonRoomScreen dialogs={dialogs} />
}
