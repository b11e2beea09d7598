import * as coreSchema from './schema.ts'
import * as adminSchema from './schema-admin.ts'
import * as aiLessonSchema from './schema-ai-lesson.ts'
import * as lessonsSchema from './schema-lessons.ts'
import * as notificationsSchema from './schema-notifications.ts'
import * as onboardingSchema from './schema-onboarding.ts'
import * as recordingsSchema from './schema-recordings.ts'
import * as roomSchema from './schema-room.ts'

/**
 * Every table, for Drizzle's typed client: schema.ts holds the users, the reference data and the
 * timetable, schema-lessons.ts the lessons and what hangs on them, the others one issue's each
 * (schema-room.ts #13, schema-onboarding.ts #14, schema-ai-lesson.ts #15, schema-recordings.ts #22).
 */
export const schema = {
  ...coreSchema,
  ...lessonsSchema,
  ...roomSchema,
  ...onboardingSchema,
  ...aiLessonSchema,
  ...recordingsSchema,
  ...notificationsSchema,
  ...adminSchema,
}
