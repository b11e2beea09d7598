import type { Shape } from './fuzz-shapes.ts'
import type { World } from './fuzz-world.ts'

// The calendar feed and the waitlist for the fuzz. The feed's own address is probed with a secret
// no feed has (404), as a calendar holding a revoked one would.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

export const NOTIFICATION_SHAPES: Record<string, (w: World) => Shape[]> = {
  'GET /api/v1/calendar-feeds/show': () => [{ as: 'student', expect: 200 }],
  'POST /api/v1/calendar-feeds/create': () => [{ as: 'student', body: {}, expect: 201 }],
  'POST /api/v1/calendar-feeds/delete': () => [{ as: 'student', body: {}, expect: 200 }],
  'GET /api/v1/calendar-feeds/lessons.ics': () => [
    { as: 'anonymous', query: { token: 'A'.repeat(43) }, expect: 404 },
  ],
  'GET /api/v1/waitlist/index': () => [{ as: 'student', expect: 200 }],
  'POST /api/v1/waitlist/create': (w) => [
    {
      as: 'student',
      body: { teacher_id: w.teacher.id, weekdays: [1, 3], from: '16:00', to: '20:00' },
      expect: 201,
    },
  ],
  'POST /api/v1/waitlist/delete': () => [{ as: 'student', body: { id: UNKNOWN_ID }, expect: 404 }],
}
