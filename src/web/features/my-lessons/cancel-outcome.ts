import { i18n } from '@lingui/core'
import type { LessonCancelAnswer } from '../../../domain/api/my-lessons.ts'
import { formatPolandDate } from '../../../domain/poland-time.ts'
import { codeMessage } from '../../api/error-messages.ts'
import { useLogout } from '../../api/logout.ts'
import { showToast } from '../../ui/toast.ts'
import { showSuccessToast, successTexts } from './my-lessons-toasts.ts'

/**
 * What follows a cancel (product-rules.md "Cancellation", "Warning and ban", "Teacher penalties"):
 * a banned student is signed out with the ban's end date (a toast that stays until closed, since
 * the screen goes); a teacher's late cancellation shows the financial-penalty notice (the dialog's
 * last step); otherwise a toast — and after a warning the refetched profile brings the BanWarn
 * dialog (my-lesson-mutations.ts refreshes it).
 */
export function useCancelOutcome(showPenalty: () => void, close: () => void) {
  const logout = useLogout()
  return (answer: LessonCancelAnswer) => {
    if (answer.outcome === 'banned') {
      const date = answer.banned_until ? formatPolandDate(Date.parse(answer.banned_until)) : ''
      showToast({
        id: 'lesson-cancel-ban',
        color: 'red',
        message: i18n._(codeMessage('account_banned', { date })),
        autoClose: false,
      })
      void logout()
      return
    }
    if (answer.outcome === 'penalty') {
      showPenalty()
      return
    }
    showSuccessToast(successTexts.cancelled)
    close()
  }
}
