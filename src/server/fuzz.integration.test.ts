import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../tests/fakes/fake-openai.ts'
import { type SmsGatewayStandIn, startSmsGateway } from '../../tests/fakes/sms-gateway.ts'
import { buildTestApp, type TestApp, testConfig } from './test-support/build-test-app.ts'
import { fuzzCases } from './test-support/fuzz-cases.ts'
import { FUZZ_SHAPES } from './test-support/fuzz-shapes.ts'
import { FUZZ_PUSH_HOST } from './test-support/fuzz-shapes-push.ts'
import { buildFuzzWorld, type World } from './test-support/fuzz-world.ts'
import { registeredRoutes } from './test-support/route-tree.ts'

// The hostile-input probe as a test. Every registered route gets its valid request and then every
// variant of fuzz-cases.ts (wrong types, missing and extra keys, huge values, NUL, lone surrogates,
// RTL, emoji, out-of-range numbers, malformed ids and dates, broken bodies and headers). No answer
// may be a 5xx: bad input is the client's fault (4xx).

let t: TestApp
let world: World
let fake: FakeOpenAi
let smsGateway: SmsGatewayStandIn
beforeAll(async () => {
  // The AI lesson's model and transcription: a fake outside service on 127.0.0.1.
  fake = await startFakeOpenAi()
  const ai = {
    ...testConfig().ai,
    baseUrl: fake.url,
    model: 'tutor',
    transcribeModel: 'whisper',
    dailyMessages: 10_000,
  }
  // Sessions answered from memory: the fuzz is about input, and this keeps it fast.
  // Its push subscriptions name a host of its own, which no name lookup is asked about.
  // SMS through Twilio's stand-in, so that its signed callback's route is probed.
  smsGateway = await startSmsGateway()
  const sms = {
    provider: 'twilio' as const,
    accountSid: smsGateway.twilioSid,
    authToken: smsGateway.twilioToken,
    messagingServiceSid: undefined,
    from: '+48500100200',
    apiUrl: smsGateway.url,
  }
  t = await buildTestApp({
    config: { sessionCacheMs: 60_000, ai, push: { ...testConfig().push, hosts: [FUZZ_PUSH_HOST] }, sms },
  })
  world = await buildFuzzWorld(t)
})
afterAll(async () => {
  await t.close()
  await fake.close()
  await smsGateway.close()
})

// Operators reach the public routes as anyone does, and no student or teacher route.
const signedIn = ['student', 'teacher', 'newStudent', 'operator', 'pendingOperator'] as const
const forEach = (route: string, callers: readonly string[]) =>
  callers.map((caller) => `${route} as ${caller}`)

/** Successful requests of a route's shape by a caller other than its own, and why each is right. */
const ALLOWED_TO_OTHER_CALLERS = [
  // Public: no account needed.
  ...[
    'GET /api/v1/health',
    'GET /api/v1/health/live',
    'GET /api/v1/health/ready',
    'GET /api/v1/languages/list',
    'GET /api/v1/levels/list',
    'GET /api/v1/specializations/list',
    'POST /api/v1/users/sign_in',
    'POST /api/v1/users/validate_reset_token',
    'POST /api/v1/users/validate_email',
  ].flatMap((route) => forEach(route, signedIn)),
  // Signed files: the signed URL itself is the permission (platform/file-urls.ts).
  ...forEach('GET /api/v1/files/:key', signedIn),
  // The invitation's token is the permission, and it may be opened again until a password is set:
  // whoever holds the link opens it.
  ...forEach('POST /api/v1/students/accept_invitation', signedIn),
  // About the caller: each answers with the caller's own data.
  ...forEach('GET /api/v1/settings/show', ['teacher', 'newStudent']),
  ...forEach('GET /api/v1/students/me', ['newStudent']),
  ...forEach('POST /api/v1/students/update', ['newStudent', 'newStudent']),
  ...forEach('GET /api/v1/students/show', ['student']),
  ...[
    'GET /api/v1/lessons/list_scheduled',
    'GET /api/v1/lessons/list_finished',
    'GET /api/v1/lessons/list_group',
  ].flatMap((route) => forEach(route, ['teacher', 'newStudent'])),
  // Open to every signed-in user, as product-rules.md "Roles and permissions" says: teachers'
  // profiles, search, timetables, previews.
  ...[
    'GET /api/v1/teachers/show',
    'GET /api/v1/teachers/search',
    'GET /api/v1/teachers/timetables/show',
    'GET /api/v1/teachers/dummy',
    'GET /api/v1/lessons/dummy',
  ].flatMap((route) => forEach(route, ['teacher', 'newStudent'])),
  // The onboarding is every student's (the new student is one).
  ...forEach('GET /api/v1/language_onboardings/check_teacher_existence', ['newStudent']),
  ...forEach('POST /api/v1/language_onboardings/report_lack_of_slots', ['newStudent']),
  // The other party of the same lesson.
  ...forEach('GET /api/v1/lessons/show', ['teacher']),
  ...forEach('GET /api/v1/lessons/download_file', ['teacher']),
  ...forEach('POST /api/v1/lessons/generate_token', ['teacher']),
  ...forEach('GET /api/v1/lessons/chat', ['student']),
  ...forEach('POST /api/v1/lessons/chat', ['teacher']),
  ...forEach('POST /api/v1/lesson_interactions/create', ['student']),
  ...forEach('GET /api/v1/lessons/archives/list', ['teacher']),
  ...forEach('GET /api/v1/lessons/recaps/list', ['teacher']),
  ...forEach('POST /api/v1/lesson_images/create', ['student']),
  // Web push: the school's public key is every user's; a device's subscription
  // is the caller's own (an endpoint registered again moves to its new user); turning off removes
  // only the caller's own.
  ...forEach('GET /api/v1/push/key', ['teacher', 'newStudent']),
  ...forEach('POST /api/v1/push/subscriptions/create', ['teacher', 'newStudent']),
  ...forEach('POST /api/v1/push/subscriptions/delete', ['teacher', 'newStudent']),
  // The calendar feed is every user's own; the waitlists every student's (the new student may list
  // theirs, but may not book, so may not wait).
  ...[
    'GET /api/v1/calendar-feeds/show',
    'POST /api/v1/calendar-feeds/create',
    'POST /api/v1/calendar-feeds/delete',
  ].flatMap((route) => forEach(route, ['teacher', 'newStudent'])),
  ...forEach('GET /api/v1/waitlist/index', ['newStudent']),
  // SMS: the status and the switch are about the caller's own number.
  ...['GET /api/v1/sms/status', 'POST /api/v1/sms/switch'].flatMap((route) =>
    forEach(route, ['teacher', 'newStudent']),
  ),
  // An operator not past the second factor learns where their own session stands.
  ...forEach('GET /api/v1/operator/me', ['pendingOperator']),
]

describe('hostile input on every endpoint', () => {
  it('has a request shape for every route, and no shape without a route', () => {
    const routes = registeredRoutes(t.app)
    expect(routes.length).toBeGreaterThan(30)
    expect(routes.filter((route) => !(route in FUZZ_SHAPES))).toEqual([])
    expect(Object.keys(FUZZ_SHAPES).filter((route) => !routes.includes(route))).toEqual([])
  })

  it('answers every case below 500 and uncacheable, each valid request as expected, and other callers only where allowed', {
    timeout: 240_000,
  }, async () => {
    const failures: string[] = []
    const unexpectedBase: string[] = []
    const cacheable: string[] = []
    const crossCaller: string[] = []
    let cases = 0
    for (const [route, shapesOf] of Object.entries(FUZZ_SHAPES)) {
      const [method = '', template = ''] = route.split(' ')
      for (const [index, shape] of shapesOf(world).entries()) {
        for (const { label, request } of fuzzCases(method, template, shape, world)) {
          const response = await t.app.inject(request)
          cases += 1
          const name = `${route} #${index} as ${shape.as}: ${label}`
          if (response.statusCode >= 500)
            failures.push(`${name} → ${response.statusCode} ${response.body.slice(0, 200)}`)
          // No answer of the API may be kept by a shared cache (decisions.md "Hostile input, caches
          // and logs").
          if (!/no-store|private/.test(String(response.headers['cache-control']))) cacheable.push(name)
          if (label.startsWith('as ') && response.statusCode < 300) crossCaller.push(`${route} ${label}`)
          if (label === 'base' && response.statusCode !== shape.expect) {
            unexpectedBase.push(`${name} → ${response.statusCode} ${response.body.slice(0, 300)}`)
          }
        }
      }
    }
    console.log(`fuzz: ${cases} cases, ${failures.length} answers >= 500`)
    expect({ failures, unexpectedBase, cacheable }).toEqual({
      failures: [],
      unexpectedBase: [],
      cacheable: [],
    })
    // The authorization matrix: the only requests another caller may make with
    // success are the ones each reason below allows; anything new here is a hole until shown not.
    expect(crossCaller.sort()).toEqual(ALLOWED_TO_OTHER_CALLERS.sort())
  })
})
