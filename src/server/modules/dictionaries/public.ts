// What other modules may use of dictionaries (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export {
  assertKnownReferences,
  type DictionaryRef,
  learnedLanguageRefs,
  teacherLanguageRefs,
} from './references.ts'
export { findLanguages, findLevels, languageNames, languageRef } from './repository.ts'
