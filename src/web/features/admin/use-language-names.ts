import { useLingui } from '@lingui/react/macro'
import { useLanguages } from '../../api/dictionaries.ts'
import { languageLabel } from '../../ui/language-labels.ts'

/**
 * The console names languages in the interface language from the one dictionary, as its lessons
 * do; the server's answers carry the English name or the id. A name the dictionary does not know
 * (yet) is shown as it came.
 */
export function useLanguageNames() {
  const { i18n } = useLingui()
  const languages = useLanguages().data ?? []
  return {
    byId: (id: number, fallback: string) => {
      const language = languages.find((l) => l.id === id)
      return language ? languageLabel(language, i18n.locale) : fallback
    },
    byName: (name: string) => {
      const language = languages.find((l) => l.name === name)
      return language ? languageLabel(language, i18n.locale) : name
    },
  }
}
