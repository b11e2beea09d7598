// What other modules may use of recordings (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { toArchive } from './archives.ts'
export { lessonArchiveRows, lessonVoiceClipRows } from './repository.ts'
