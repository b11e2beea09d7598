import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import type { Profile } from '../../../domain/api/profile.ts'
import { InfoCard } from '../../ui/info-card.tsx'
import { descriptionMissing, type Gap, languagesMissing } from './completeness.ts'
import type { OpenDialog } from './dialog-names.ts'

// The buttons and notes of the completeness checks (product-rules.md "Validation"): each note opens
// the dialog that fixes it.

export function DetailsButton({ onOpen }: { onOpen: OpenDialog }) {
  return (
    <Button size="xs" onClick={() => onOpen('details')}>
      <Trans>Uzupełnij dane osobowe</Trans>
    </Button>
  )
}

export function SkillButtons({ profile, onOpen }: { profile: Profile; onOpen: OpenDialog }) {
  return (
    <>
      {descriptionMissing(profile) && (
        <Button size="xs" onClick={() => onOpen('description')}>
          <Trans>Dodaj opis</Trans>
        </Button>
      )}
      {languagesMissing(profile) && (
        <Button size="xs" onClick={() => onOpen('languages')}>
          <Trans>Wybierz języki</Trans>
        </Button>
      )}
    </>
  )
}

export function GapNotice({ gap, profile, onOpen }: { gap: Gap; profile: Profile; onOpen: OpenDialog }) {
  const { t } = useLingui()
  if (gap === 'personal_data')
    return (
      <InfoCard tone="warning" title={t`Uzupełnij dane osobowe`} action={<DetailsButton onOpen={onOpen} />}>
        <Trans>Potrzebujemy imienia, nazwiska, numeru telefonu i daty urodzenia.</Trans>
      </InfoCard>
    )
  if (gap === 'bank_data')
    return (
      <InfoCard
        tone="warning"
        title={t`Uzupełnij dane bankowe`}
        action={
          <Button size="xs" onClick={() => onOpen('bank')}>
            <Trans>Uzupełnij dane bankowe</Trans>
          </Button>
        }
      >
        <Trans>Bez numeru konta i adresu nie możemy wypłacać Ci wynagrodzenia.</Trans>
      </InfoCard>
    )
  if (gap === 'skill_data')
    return (
      <InfoCard
        tone="warning"
        title={t`Uzupełnij opis i języki`}
        action={<SkillButtons profile={profile} onOpen={onOpen} />}
      >
        <Trans>Kursanci znajdą Cię, gdy podasz opis oraz języki, których i w jakich uczysz.</Trans>
      </InfoCard>
    )
  return (
    <InfoCard tone="warning" title={t`Brakuje wymaganych zgód`}>
      <Trans>Skontaktuj się ze szkołą, aby je uzupełnić.</Trans>
    </InfoCard>
  )
}
