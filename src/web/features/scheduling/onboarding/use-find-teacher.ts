import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import {
  checkTeacherExistence,
  reportLackOfSlots,
  searchOneTeacher,
} from '../../../api/language-onboardings.ts'
import { storeProfile, updateProfile } from '../../../api/profile-update.ts'
import { timetableQueryOptions } from '../../../api/timetables.ts'
import { type FailureCounter, type FindCriteria, type FindOutcome, findTeacher } from './find-teacher.ts'

export type FindState = { kind: 'idle' } | { kind: 'searching' } | FindOutcome

/**
 * "Find teacher" (product-rules.md "Language onboarding") with the real calls. `failures` outlives
 * the dialog (it belongs to the screen), so closing and reopening does not reset the count of
 * identical failed searches. product-rules.md "Errors": onboarding failures are only logged; the
 * transport rules still say network and server errors, and the student may press the button again.
 */
export function useFindTeacher(failures: FailureCounter) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<FindState>({ kind: 'idle' })
  const running = useRef(false)

  const find = async (criteria: FindCriteria) => {
    if (running.current) return
    running.current = true
    setState({ kind: 'searching' })
    try {
      const outcome = await findTeacher(
        {
          saveAbout: async (about) => {
            // About and onboarding_completed_at (the server stamps its own time).
            const profile = await updateProfile({ about, onboarding_completed_at: new Date().toISOString() })
            storeProfile(queryClient, profile)
          },
          teacherExists: checkTeacherExistence,
          searchOne: searchOneTeacher,
          timetable: (teacherId, week) => queryClient.fetchQuery(timetableQueryOptions(teacherId, week)),
          report: reportLackOfSlots,
        },
        criteria,
        failures,
      )
      setState(outcome)
    } catch (error) {
      console.error('The language onboarding could not find a teacher', error)
      setState({ kind: 'idle' })
    } finally {
      running.current = false
    }
  }

  return { state, find, reset: () => setState({ kind: 'idle' }) }
}
