import '@mantine/core/styles/Badge.css'
import { useLingui } from '@lingui/react/macro'
import { Badge, Group } from '@mantine/core'
import type { TeacherSearchResult } from '../../domain/api/teachers.ts'
import { useLanguages, useLevels } from '../api/dictionaries.ts'
import { languageLabel, pickById } from './language-labels.ts'

/**
 * A teacher's taught languages with their levels as badges (product-rules.md "Records and fields",
 * teacher search result: taught_languages [{id, level {id}}]), named in the interface language;
 * `label` names the list.
 */
export function TaughtLanguageBadges({
  taught,
  label,
}: {
  taught: TeacherSearchResult['taught_languages']
  label: string
}) {
  const { i18n } = useLingui()
  const languages = useLanguages().data
  const levels = useLevels().data
  return (
    <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {taught.map((item) => {
        const language = pickById(languages, [item.id])[0]
        const level = pickById(levels, [item.level.id])[0]
        return (
          <Badge component="li" key={item.id} variant="light" color="indigo" tt="none">
            {language ? languageLabel(language, i18n.locale) : '…'} {level?.name}
          </Badge>
        )
      })}
    </Group>
  )
}
