import '@mantine/core/styles/Container.css'
import { Trans } from '@lingui/react/macro'
import { Button, Container, Stack } from '@mantine/core'
import { Navigate, type RouteObject, useRoutes } from 'react-router-dom'
import { useOperatorMe } from '../../api/admin.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { AbsenceScreen } from './absence-screen.tsx'
import { AdminLayout } from './admin-layout.tsx'
import { AuditScreen } from './audit-screen.tsx'
import { EnrolSecondFactor } from './enrol-second-factor.tsx'
import { GroupClassScreen } from './group-class-screen.tsx'
import { GroupClassesScreen } from './group-classes-screen.tsx'
import { KeepRecoveryCodes } from './keep-recovery-codes.tsx'
import { LackOfSlotsScreen } from './lack-of-slots-screen.tsx'
import { LessonDetailScreen } from './lesson-detail-screen.tsx'
import { LessonsScreen } from './lessons-screen.tsx'
import { OverviewScreen } from './overview-screen.tsx'
import { SettingsScreen } from './settings-screen.tsx'
import { StudentsScreen } from './students-screen.tsx'
import { TeachersScreen } from './teachers-screen.tsx'
import { useAdoptOperatorLocale } from './use-operator-locale.ts'
import { VerifySecondFactor } from './verify-second-factor.tsx'

// The school's console: one chunk for all its screens, so nothing of it reaches the students' and
// teachers' pages. The guard (config/guard.ts) lets only operators in; here the session's second
// factor decides between enrolling, verifying and the console itself.

const consoleRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="teachers" replace /> },
  { path: 'teachers', element: <TeachersScreen /> },
  { path: 'students', element: <StudentsScreen /> },
  { path: 'lessons', element: <LessonsScreen /> },
  { path: 'lessons/:lessonId', element: <LessonDetailScreen /> },
  { path: 'group-classes', element: <GroupClassesScreen /> },
  { path: 'group-classes/:classId', element: <GroupClassScreen /> },
  { path: 'absence', element: <AbsenceScreen /> },
  { path: 'lack-of-slots', element: <LackOfSlotsScreen /> },
  { path: 'overview', element: <OverviewScreen /> },
  { path: 'settings', element: <SettingsScreen /> },
  { path: 'audit', element: <AuditScreen /> },
  { path: '*', element: <Navigate to="/admin" replace /> },
]

function ConsoleScreens() {
  return useRoutes(consoleRoutes)
}

export function AdminConsole() {
  const me = useOperatorMe()
  useAdoptOperatorLocale(me.data)

  if (!me.data) {
    return (
      <Container size="sm" py="xl">
        {me.isError ? (
          <Stack>
            <FormError>
              <Message
                of={me.error instanceof ApiError ? apiErrorMessage(me.error) : codeMessage('server_error')}
              />
            </FormError>
            <Button variant="default" onClick={() => void me.refetch()} loading={me.isFetching}>
              <Trans>Spróbuj ponownie</Trans>
            </Button>
          </Stack>
        ) : (
          <PageLoader label={<Trans>Wczytujemy konsolę…</Trans>} />
        )}
      </Container>
    )
  }
  const { email, second_factor } = me.data
  if (second_factor === 'enrol') return <EnrolSecondFactor email={email} />
  if (second_factor === 'verify') return <VerifySecondFactor email={email} />
  if (second_factor === 'keep_codes') return <KeepRecoveryCodes email={email} />
  return (
    <AdminLayout email={email}>
      <ConsoleScreens />
    </AdminLayout>
  )
}
