import { Trans, useLingui } from '@lingui/react/macro'
import { Stack, Text } from '@mantine/core'
import { IconVideo } from '@tabler/icons-react'
import type { Profile } from '../../../domain/api/profile.ts'
import { SocialLink } from '../../ui/social-link.tsx'
import { TeacherLanguagesList } from '../../ui/teacher-languages-list.tsx'
import { VideoPlayer } from '../../ui/video-player.tsx'
import { formatIban } from './bank-format.ts'
import { DetailList, SectionCard } from './section-card.tsx'

type SectionProps = { profile: Profile; onEdit: () => void }

export function LanguagesSection({ profile, onEdit }: SectionProps) {
  const { t } = useLingui()
  return (
    <SectionCard title={t`Języki`} onEdit={onEdit} editLabel={t`Edytuj`} editAriaLabel={t`Edytuj języki`}>
      {profile.taught_languages.length > 0 ? (
        <TeacherLanguagesList {...profile} />
      ) : (
        <Text c="dimmed" size="sm">
          <Trans>Wybierz języki, których uczysz, z poziomem i specjalizacjami.</Trans>
        </Text>
      )}
    </SectionCard>
  )
}

export function VideoSection({ profile, onEdit }: SectionProps) {
  const { t } = useLingui()
  return (
    <SectionCard
      title={t`Film powitalny`}
      subtitle={t`Kursanci oglądają go na Twojej stronie lektora.`}
      onEdit={onEdit}
      editLabel={profile.video_url ? t`Zmień film` : t`Dodaj film`}
    >
      {profile.video_url ? (
        <VideoPlayer src={profile.video_url} label={t`Twój film powitalny`} />
      ) : (
        <Stack align="center" gap={6} py="md" c="dimmed">
          <IconVideo size={32} aria-hidden />
          <Text size="sm">
            <Trans>Nie dodano jeszcze filmu.</Trans>
          </Text>
        </Stack>
      )}
    </SectionCard>
  )
}

export function SocialSection({ profile, onEdit }: SectionProps) {
  const { t } = useLingui()
  return (
    <SectionCard
      title={t`Media społecznościowe`}
      onEdit={onEdit}
      editLabel={t`Edytuj`}
      editAriaLabel={t`Edytuj media społecznościowe`}
    >
      {profile.social_links.length > 0 ? (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {profile.social_links.map((link) => (
            <li key={link}>
              <SocialLink link={link} />
            </li>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          <Trans>Dodaj linki do profili, np. LinkedIn.</Trans>
        </Text>
      )}
    </SectionCard>
  )
}

export function BankSection({ profile, onEdit }: SectionProps) {
  const { t } = useLingui()
  const a = profile.address
  const street = a
    ? [a.street, [a.buildingNumber, a.apartmentNumber].filter(Boolean).join('/')].join(' ')
    : ''
  const city = a ? `${a.zip} ${a.city}`.trim() : ''
  return (
    <SectionCard
      title={t`Dane bankowe`}
      onEdit={onEdit}
      editLabel={t`Edytuj`}
      editAriaLabel={t`Edytuj dane bankowe`}
    >
      <DetailList
        empty={t`Nie podano`}
        items={[
          { label: t`Numer konta (IBAN)`, value: formatIban(profile.iban) },
          ...(profile.swift ? [{ label: t`Kod SWIFT/BIC`, value: profile.swift }] : []),
          {
            label: t`Adres`,
            value: a && (
              <>
                {street.trim()}
                <br />
                {city}, {a.country}
              </>
            ),
          },
        ]}
      />
    </SectionCard>
  )
}
