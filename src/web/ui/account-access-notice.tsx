import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { accountAccess } from '../../domain/account-access.ts'
import { InfoCard } from './info-card.tsx'
import { fullDate } from './slot-format.ts'

type Props = {
  activeUntil: string | null
  now: Date | number
  /** What the user can do instead (set-lessons offers their lessons). */
  action?: ReactNode
}

/**
 * A student whose active_until has passed is told so, in the words of product-rules.md "Errors",
 * instead of meeting teachers with "no free slots"; one whose date cuts the two bookable weeks
 * short is told until when they can book. Nothing when the account is open.
 */
export function AccountAccessNotice({ activeUntil, now, action }: Props) {
  const { t } = useLingui()
  const access = accountAccess(activeUntil, now)
  if (access.kind === 'open') return null
  const date = fullDate(access.activeUntil)
  if (access.kind === 'ending')
    return (
      <InfoCard title={t`Twoje konto jest aktywne do ${date}`}>
        <Trans>
          Lekcje możesz umawiać najpóźniej na ten dzień. Aby przedłużyć dostęp, skontaktuj się ze szkołą.
        </Trans>
      </InfoCard>
    )
  return (
    <InfoCard tone="warning" title={t`Twoje konto wygasło ${date}`} action={action}>
      <Trans>
        Nie można umawiać lekcji po wygaśnięciu konta. Aby przedłużyć dostęp, skontaktuj się ze szkołą.
      </Trans>
    </InfoCard>
  )
}
