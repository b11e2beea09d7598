import * as coreSchema from './schema.ts'
import * as adminSchema from './schema-admin.ts'
import * as aiLessonSchema from './schema-ai-lesson.ts'
import * as groupClassesSchema from './schema-group-classes.ts'
import * as lessonsSchema from './schema-lessons.ts'
import * as notificationsSchema from './schema-notifications.ts'
import * as onboardingSchema from './schema-onboarding.ts'
import * as recordingsSchema from './schema-recordings.ts'
import * as roomSchema from './schema-room.ts'
import * as smsSchema from './schema-sms.ts'

/**
 * Every table, for Drizzle's typed client: schema.ts holds the users, the reference data and the
 * timetable, schema-lessons.ts the lessons and what hangs on them, the others one area's each (the
 * room, onboarding, the AI lesson, recordings, notifications, the console).
 */
export const schema = {
  ...coreSchema,
  ...lessonsSchema,
  ...groupClassesSchema,
  ...roomSchema,
  ...onboardingSchema,
  ...aiLessonSchema,
  ...recordingsSchema,
  ...notificationsSchema,
  ...adminSchema,
  ...smsSchema,
}
