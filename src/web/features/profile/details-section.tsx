import { useLingui } from '@lingui/react/macro'
import type { Profile } from '../../../domain/api/profile.ts'
import { showDate } from '../../ui/date-text.ts'
import { showInternational } from '../../ui/phone-number.ts'
import { DetailList, SectionCard } from './section-card.tsx'

/** `+48 601 234 567`: the stored number with its calling code (libphonenumber-js). */
export const formatPhone = (value: string | null): string => (value ? showInternational(value) : '')

/** `dd.MM.yyyy` of a YYYY-MM-DD date of birth (a calendar date: no time zone involved). */
export const formatBirthDate = (value: string | null): string => (value ? showDate(value) : '')

/** Personal details (EditMyProfileDetails). */
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
