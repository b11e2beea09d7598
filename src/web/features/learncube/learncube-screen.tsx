import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { formatPolandTime } from '../../../domain/poland-time.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage } from '../../api/error-messages.ts'
import { useRoomLesson } from '../../api/my-lessons.ts'
import { builtinRoomPath, paths } from '../../config/paths.ts'
import { FormError } from '../../ui/form-error.tsx'
import { languageLabel } from '../../ui/language-labels.ts'
import { LessonPending } from '../../ui/lesson-pending.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { usePageTitle } from '../../ui/use-page-title.ts'
import { cubeRedirect } from './cube-routing.ts'
import { LearncubeClassroom } from './learncube-classroom.tsx'
import { NotConfiguredNotice } from './not-configured-notice.tsx'
import { isFinal, useClassroomToken } from './use-classroom-token.ts'

/** The "failed to load token" of product-rules.md "Errors", as the lesson room says it. */
const tokenFailed: MessageDescriptor = msg`Nie udało się pobrać tokenu lekcji.`

/**
 * Why the classroom cannot be entered: the server's refusal (not a party, cancelled, shut),
 * LearnCube not answering it (Retry helps), or the "failed to load token" of product-rules.md
 * "Errors".
 */
function refusalMessage(error: unknown): MessageDescriptor {
  if (isFinal(error)) return apiErrorMessage(error)
  if (error instanceof ApiError && error.code === 'video_provider_unavailable') return apiErrorMessage(error)
  return tokenFailed
}

const BackToMyLessons = () => (
  <Button
    variant="default"
    component={Link}
    to={paths.myLessons}
    leftSection={<IconArrowLeft size={18} aria-hidden />}
  >
    <Trans>Wróć do moich lekcji</Trans>
  </Button>
)

/**
 * /dashboard/video-call-learn-cube?lesson_id=… ("the cube variant", decisions.md "Outside
 * classrooms: Vonage and LearnCube"): the lesson's LearnCube classroom. A student goes straight in,
 * without the voice-sample check.
 */
export function LearncubeScreen() {
  const [params] = useSearchParams()
  const { search } = useLocation()
  const lessonId = params.get('lesson_id')
  const lesson = useRoomLesson(lessonId)
  if (!lessonId) return <Navigate to={paths.myLessons} replace />
  if (lesson.data === undefined) return <LessonPending query={lesson} back={<BackToMyLessons />} />
  const redirect = cubeRedirect(lesson.data, search)
  if (redirect) return <Navigate to={redirect} replace />
  return <CubeLesson lesson={lesson.data} search={search} />
}

function CubeLesson({ lesson, search }: { lesson: Lesson; search: string }) {
  const token = useClassroomToken(lesson.id)
  let body: ReactNode
  if (token.isPending) body = <PageLoader label={<Trans>Łączymy z klasą LearnCube…</Trans>} />
  else if (token.isError)
    body = (
      <Stack align="flex-start" gap="sm">
        <FormError>
          <Message of={refusalMessage(token.error)} />
        </FormError>
        {!isFinal(token.error) && (
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => void token.refetch()}
            loading={token.isFetching}
          >
            <Trans>Spróbuj ponownie</Trans>
          </Button>
        )}
      </Stack>
    )
  else if (token.data.provider === 'learncube') body = <LearncubeClassroom classroom={token.data.learncube} />
  else body = <NotConfiguredNotice roomPath={builtinRoomPath(search)} />
  return (
    <Stack gap="lg">
      <CubeHeading lesson={lesson} />
      {body}
    </Stack>
  )
}

/** Who the lesson is with, its language and time (Poland time), and the way back. */
function CubeHeading({ lesson }: { lesson: Lesson }) {
  const { t, i18n } = useLingui()
  const name = lesson.fullName
  const title = t`Lekcja z: ${name}`
  usePageTitle(title)
  const span = `${formatPolandTime(new Date(lesson.scheduled_at))}–${formatPolandTime(new Date(lesson.ends_at))}`
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {languageLabel(lesson.language, i18n.locale)} · {span}
        </Text>
      </Stack>
      <BackToMyLessons />
    </Group>
  )
}
