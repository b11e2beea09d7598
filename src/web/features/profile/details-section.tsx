import { useLingui } from '@lingui/react/macro'
import type { Profile } from '../../../domain/api/profile.ts'
import { formatPolandDate } from '../../../domain/poland-time.ts'
import { dialOf, formatNational, parsePhone } from '../../ui/phone-number.ts'
import { DetailList, SectionCard } from './section-card.tsx'

/** `+48 601 234 567`: the stored number in the phone input's national format (spec §2). */
export function formatPhone(value: string | null): string {
  if (!value) return ''
  const { country, national } = parsePhone(value)
  return national.startsWith('+') ? national : `${dialOf(country)} ${formatNational(national)}`
}

/** `dd.MM.yyyy` of a YYYY-MM-DD date of birth (a calendar date: no time zone involved). */
export function formatBirthDate(value: string | null): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  return match ? formatPolandDate(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)) : ''
}

/** Personal details (spec §2 EditMyProfileDetails). */
export function DetailsSection({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const { t } = useLingui()
  return (
    <SectionCard
      title={t`Dane osobowe`}
      onEdit={onEdit}
      editLabel={t`Edytuj`}
      editAriaLabel={t`Edytuj dane osobowe`}
    >
      <DetailList
        empty={t`Nie podano`}
        items={[
          { label: t`Imię`, value: profile.first_name },
          { label: t`Nazwisko`, value: profile.last_name },
          { label: t`Numer telefonu`, value: formatPhone(profile.phone_number) },
          { label: t`Data urodzenia`, value: formatBirthDate(profile.date_of_birth) },
        ]}
      />
    </SectionCard>
  )
}
