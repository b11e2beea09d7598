import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Text } from '@mantine/core'
import type { Profile } from '../../../domain/api/profile.ts'
import { useLanguages } from '../../api/dictionaries.ts'
import { languageLabel, pickById } from '../../ui/language-labels.ts'
import { SectionCard } from './section-card.tsx'

/** The languages a student learns (languages_learned); edited in EditMyLearnedLanguages. */
export function LearnedSection({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const { t, i18n } = useLingui()
  const languages = pickById(
    useLanguages().data,
    profile.languages_learned.map((l) => l.language_id),
  )
  const canEdit = profile.languages_learned.length > 0
  return (
    <SectionCard
      title={t`Języki, których się uczysz`}
      onEdit={canEdit ? onEdit : undefined}
      editLabel={t`Edytuj`}
      editAriaLabel={t`Edytuj języki, których się uczysz`}
    >
      {languages.length > 0 ? (
        <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {languages.map((language) => (
            <Badge key={language.id} component="li" variant="light" size="lg" tt="none" fw={500}>
              {languageLabel(language, i18n.locale)}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text c="dimmed" size="sm">
          <Trans>Nie masz jeszcze zapisanych języków.</Trans>
        </Text>
      )}
    </SectionCard>
  )
}
