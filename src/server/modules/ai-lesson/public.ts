// What other modules may use of the AI lesson (docs/decisions.md "A module's public file"); the rest
// of the folder is its own.

export { chatEndpoint, type Endpoint, type ModelMessage, transcribeEndpoint } from './model-client.ts'
export { addLessonWords } from './words.ts'
