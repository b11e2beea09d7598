// The languages offered (product-rules.md "Records and fields"), with the Polish name and its
// genitive (conjugated_name), the levels A1–C2 and the specializations.

export const LANGUAGES = [
  { name: 'English', namePl: 'angielski', conjugatedName: 'angielskiego' },
  { name: 'Polish', namePl: 'polski', conjugatedName: 'polskiego' },
  { name: 'Spanish', namePl: 'hiszpański', conjugatedName: 'hiszpańskiego' },
  { name: 'French', namePl: 'francuski', conjugatedName: 'francuskiego' },
  { name: 'German', namePl: 'niemiecki', conjugatedName: 'niemieckiego' },
  { name: 'Russian', namePl: 'rosyjski', conjugatedName: 'rosyjskiego' },
  { name: 'Italian', namePl: 'włoski', conjugatedName: 'włoskiego' },
  { name: 'Japanese', namePl: 'japoński', conjugatedName: 'japońskiego' },
  { name: 'Czech', namePl: 'czeski', conjugatedName: 'czeskiego' },
  { name: 'Swedish', namePl: 'szwedzki', conjugatedName: 'szwedzkiego' },
  { name: 'Ukrainian', namePl: 'ukraiński', conjugatedName: 'ukraińskiego' },
  { name: 'Armenian', namePl: 'ormiański', conjugatedName: 'ormiańskiego' },
  { name: 'Croatian', namePl: 'chorwacki', conjugatedName: 'chorwackiego' },
  { name: 'Chinese', namePl: 'chiński', conjugatedName: 'chińskiego' },
  { name: 'Mandarin', namePl: 'mandaryński', conjugatedName: 'mandaryńskiego' },
  { name: 'Norwegian', namePl: 'norweski', conjugatedName: 'norweskiego' },
  { name: 'Portuguese', namePl: 'portugalski', conjugatedName: 'portugalskiego' },
  { name: 'Danish', namePl: 'duński', conjugatedName: 'duńskiego' },
  { name: 'Finnish', namePl: 'fiński', conjugatedName: 'fińskiego' },
  { name: 'Korean', namePl: 'koreański', conjugatedName: 'koreańskiego' },
  { name: 'Arabic', namePl: 'arabski', conjugatedName: 'arabskiego' },
  { name: 'Hebrew', namePl: 'hebrajski', conjugatedName: 'hebrajskiego' },
] as const

export type LanguageName = (typeof LANGUAGES)[number]['name']

export const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const
export type LevelName = (typeof LEVELS)[number]

export const SPECIALIZATIONS = [
  { name: 'teaching', namePl: 'nauczanie' },
  { name: 'medicine', namePl: 'medycyna' },
  { name: 'business', namePl: 'biznes' },
  { name: 'translations', namePl: 'tłumaczenia' },
  { name: 'hr', namePl: 'HR' },
  { name: 'it', namePl: 'IT' },
  { name: 'general', namePl: 'ogólny' },
  { name: 'banking', namePl: 'bankowość' },
  { name: 'money & banking', namePl: 'pieniądz i bankowość' },
] as const

export type SpecializationName = (typeof SPECIALIZATIONS)[number]['name']
