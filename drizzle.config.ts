import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/schema-lessons.ts',
    './src/server/db/schema-group-classes.ts',
    './src/server/db/schema-room.ts',
    './src/server/db/schema-onboarding.ts',
    './src/server/db/schema-ai-lesson.ts',
    './src/server/db/schema-recordings.ts',
    './src/server/db/schema-notifications.ts',
    './src/server/db/schema-admin.ts',
    './src/server/db/schema-sms.ts',
  ],
  out: './src/server/db/migrations',
})
