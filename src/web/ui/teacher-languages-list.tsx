import '@mantine/core/styles/Badge.css'
import { useLingui } from '@lingui/react/macro'
import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import type { TeacherSummary } from '../../domain/api/profile.ts'
import { useLanguages, useLevels, useSpecializations } from '../api/dictionaries.ts'
import { joinList, languageLabel, languageName, pickById, specializationLabel } from './language-labels.ts'

type Props = Pick<TeacherSummary, 'taught_languages' | 'teaching_languages' | 'language_specializations'>

/** Languages taught with their level and specializations, and the languages lessons are held in. */
export function TeacherLanguagesList({
  taught_languages,
  teaching_languages,
  language_specializations,
}: Props) {
  const { t, i18n } = useLingui()
  const languages = useLanguages().data
  const levels = useLevels().data
  const specializations = useSpecializations().data
  const locale = i18n.locale
  const taughtIn = pickById(languages, teaching_languages).map((l) => languageName(l, locale))
  const taughtInList = joinList(taughtIn, locale)

  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {taught_languages.map(({ language_id, level_id }) => {
          const language = pickById(languages, [language_id])[0]
          const level = pickById(levels, [level_id])[0]
          const specs = pickById(
            specializations,
            language_specializations
              .filter((s) => s.language_id === language_id)
              .map((s) => s.specialization_id),
          )
          return (
            <Group component="li" key={language_id} gap="xs" wrap="wrap">
              <Text fw={600}>{language ? languageLabel(language, locale) : '…'}</Text>
              {level && (
                <Badge variant="filled" color="indigo">
                  <VisuallyHidden>{t`Poziom`} </VisuallyHidden>
                  {level.name}
                </Badge>
              )}
              {specs.map((s) => (
                <Badge key={s.id} variant="light" color="gray" tt="none" fw={500}>
                  {specializationLabel(s, locale)}
                </Badge>
              ))}
            </Group>
          )
        })}
      </Stack>
      {taughtIn.length > 0 && (
        <Text size="sm" c="dimmed">
          {t`Języki zajęć: ${taughtInList}`}
        </Text>
      )}
    </Stack>
  )
}
