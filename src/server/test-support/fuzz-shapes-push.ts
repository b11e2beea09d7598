import type { Shape } from './fuzz-shapes.ts'

// Web push's routes for the fuzz. The endpoint is on a push host the fuzz's app allows and
// never sends to (nothing is pushed by these routes).

export const FUZZ_PUSH_HOST = 'push.example.test'

const subscription = {
  endpoint: `https://${FUZZ_PUSH_HOST}/send/fuzz-device`,
  keys: {
    p256dh: `B${'A'.repeat(86)}`,
    auth: 'A'.repeat(22),
  },
}

export const PUSH_SHAPES: Record<string, () => Shape[]> = {
  'GET /api/v1/push/key': () => [{ as: 'student', expect: 200 }],
  'POST /api/v1/push/subscriptions/create': () => [{ as: 'student', body: subscription, expect: 200 }],
  'POST /api/v1/push/subscriptions/delete': () => [
    { as: 'student', body: { endpoint: subscription.endpoint }, expect: 200 },
  ],
}
