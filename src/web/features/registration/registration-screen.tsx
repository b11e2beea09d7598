import { Navigate } from 'react-router-dom'
import { useSession } from '../../api/session.ts'
import { registrationFlow } from '../../config/guard.ts'
import { StudentRegistration } from './student-registration.tsx'
import { TeacherRegistration } from './teacher-registration.tsx'

/**
 * /registration: a visitor registers as a teacher; a signed-in student with an unfinished
 * registration completes it; anyone else goes to / and the guard takes it from there.
 */
export function RegistrationScreen() {
  const session = useSession()
  const flow = registrationFlow(
    session && {
      role: session.role,
      registrationCompleted: session.registrationCompleted,
      groupLessons: session.groupLessons,
    },
  )
  if (flow === 'teacher') return <TeacherRegistration />
  if (flow === 'student' && session) return <StudentRegistration key={session.userId} session={session} />
  return <Navigate to="/" replace />
}
