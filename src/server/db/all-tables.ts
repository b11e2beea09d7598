import * as coreSchema from './schema.ts'
import * as aiLessonSchema from './schema-ai-lesson.ts'

/** Every table, for Drizzle's typed client (schema.ts holds the core, schema-ai-lesson.ts issue #15's). */
export const schema = { ...coreSchema, ...aiLessonSchema }
