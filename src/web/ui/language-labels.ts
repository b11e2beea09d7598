import type { Language, Specialization } from '../../domain/api/dictionaries.ts'

// product-rules.md "Records and fields": languages and specializations carry an English `name` and
// a Polish `name_pl`; `conjugated_name` is the Polish genitive (design.md "Words": used where
// grammar needs it).

/** What the names need: a dictionary language, or the language inside a lesson. */
type LanguageNames = Pick<Language, 'name' | 'name_pl'>

const capitalize = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)

/** The language's name in the interface language, as inside a sentence ("angielski", "English"). */
export const languageName = (language: LanguageNames, locale: string) =>
  locale === 'pl' ? language.name_pl : language.name

/** The language's name in the interface language, capitalised for a label ("Angielski"). */
export const languageLabel = (language: LanguageNames, locale: string) =>
  capitalize(locale === 'pl' ? language.name_pl : language.name, locale)

/** The name inside a Polish sentence: genitive in Polish ("języka angielskiego"), else the name. */
export const languageGenitive = (language: Language, locale: string) =>
  locale === 'pl' ? language.conjugated_name : language.name

export const specializationLabel = (specialization: Specialization, locale: string) =>
  capitalize(locale === 'pl' ? specialization.name_pl : specialization.name, locale)

/** "a, b i c" / "a, b and c" in the interface language. */
export const joinList = (items: string[], locale: string) =>
  new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items)

/** Looks items up by id, skipping ids the dictionary does not (yet) know. */
export function pickById<T extends { id: number }>(
  items: readonly T[] | undefined,
  ids: readonly number[],
): T[] {
  if (!items) return []
  const byId = new Map(items.map((item) => [item.id, item]))
  return ids.flatMap((id) => {
    const item = byId.get(id)
    return item ? [item] : []
  })
}
