import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { useEffect } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom'
import type { Profile } from '../../../domain/api/profile.ts'
import { useRoomLesson } from '../../api/my-lessons.ts'
import { useProfile } from '../../api/profile.ts'
import { paths } from '../../config/paths.ts'
import { LessonPending } from '../../ui/lesson-pending.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import type { RoomDialogs } from './call-room.tsx'
import { LessonRoom } from './lesson-room.tsx'
import { roomRedirect } from './room-routing.ts'

/**
 * /dashboard/video-call-vonage?lesson_id=… (the route keeps its query). Loads the lesson, applies
 * the video call routing rules (product-rules.md "Screens and routes"), then shows the pre-join
 * check and the room.
 */
export function LessonRoomScreen({ dialogs }: { dialogs: RoomDialogs }) {
  const [params] = useSearchParams()
  const { search } = useLocation()
  const lessonId = params.get('lesson_id')
  const profileQuery = useProfile()
  const profile = profileQuery.data
  const lesson = useRoomLesson(lessonId)
  const { refetch } = profileQuery
  // The voice sample may have been given since the profile was kept (on the voice-confirmation
  // screen, in another tab): the routing rule reads the profile as the server has it now.
  useEffect(() => {
    void refetch()
  }, [refetch])
  if (!lessonId) return <Navigate to={paths.myLessons} replace />
  if (!profile) return null
  if (lesson.data === undefined) {
    const back = (
      <Button variant="default" component={Link} to={paths.myLessons}>
        <Trans>Moje lekcje</Trans>
      </Button>
    )
    return <LessonPending query={lesson} back={back} />
  }
  const redirect = roomRedirect(lesson.data, profile.role, hasVoiceSample(profile), search)
  if (redirect && profileQuery.isFetching) return <PageLoader label={<Trans>Wczytujemy lekcję…</Trans>} />
  if (redirect) return <Navigate to={redirect} replace />
  return <LessonRoom lesson={lesson.data} role={profile.role} dialogs={dialogs} />
}

const hasVoiceSample = (profile: Profile) => Boolean(profile.voice_sample_url)
