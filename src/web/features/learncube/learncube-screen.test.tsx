// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { RoomToken } from '../../../domain/api/room.ts'
import { activateLocale } from '../../config/i18n.ts'
import { theme } from '../../config/theme.ts'
import { lessonFixture, lessonId } from '../../test-support/lesson-fixture.ts'
import { STUDENT_ID, studentProfile } from '../../test-support/profile-fixture.ts'
import { type Answer, routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import type { ClassroomConfig } from './classroom-client.ts'
import { LearncubeScreen } from './learncube-screen.tsx'

// "The cube variant": the lesson's LearnCube classroom, or, without LearnCube at the school, a
// notice and the way to the ordinary room. LearnCube's client is an outside script: a stand-in
// class takes its place, and the page's loading of it is simulated.

const ID = lessonId(1)
const QUERY = `?lesson_id=${ID}`
const cubeLesson = lessonFixture({ is_learncube: true, room_token: 'room-1' })

const base = {
  lesson_id: ID,
  user_id: STUDENT_ID,
  role: 'student',
  starts_at: cubeLesson.scheduled_at,
  ends_at: cubeLesson.ends_at,
  closes_at: '2026-11-25T08:00:00.000Z',
} as const

const builtinToken: RoomToken = {
  ...base,
  provider: 'builtin',
  token: 'socket-token',
  signalling_url: '/api/v1/lessons/room',
  ice_servers: [],
  ice_transport_policy: 'all',
  polite: true,
}

/** The answer with LearnCube's client at `client_url` (the page keeps each script it loaded). */
const learncubeToken = (client_url = 'https://classroom.learncube.test/screen-client.js'): RoomToken => ({
  ...base,
  provider: 'learncube',
  learncube: {
    client_url,
    style_url: 'https://classroom.learncube.test/screen-client.css',
    public_key: 'public-key',
    room_token: 'room-1',
    validate_url: '/api/v1/learncube/validate?party=student&sig=abc',
    user_id: STUDENT_ID,
    username: 'Julia Jankowska',
    user_type: 'student',
  },
})

/** What the stand-in classroom was started with. */
const started: { selector: string; config: ClassroomConfig }[] = []

class StandInClassroom {
  constructor(selector: string, config: ClassroomConfig) {
    started.push({ selector, config })
    const element = document.querySelector(selector)
    if (element) element.textContent = `classroom ${config.token} for ${config.userType}`
  }
}

/** LearnCube's script arriving (or not): each added script loads, or fails while `failScripts`. */
let failScripts = 0
let scriptsAdded = 0
/** The style sheets the screen put on the page (kept off it: the test loads no files). */
let styleSheets: string[] = []

function Where() {
  const { pathname, search } = useLocation()
  return <p data-testid="where">{`${pathname}${search}`}</p>
}

function open(lesson: Lesson, token: Answer) {
  const profile = studentProfile({ voice_sample_url: null })
  signInAs(profile)
  const sent = routeFetch({
    'GET /api/v1/lessons/show': { status: 200, body: { data: lesson } },
    'POST /api/v1/lessons/generate_token': token,
  })
  const router = createMemoryRouter(
    [
      { path: '/dashboard/video-call-learn-cube', element: <LearncubeScreen /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`/dashboard/video-call-learn-cube${QUERY}`] },
  )
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  )
  return sent
}

describe('video-call-learn-cube', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    started.length = 0
    failScripts = 0
    scriptsAdded = 0
    styleSheets = []
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) {
        if (node instanceof HTMLLinkElement) styleSheets.push(node.href)
        else if (node instanceof HTMLScriptElement) {
          scriptsAdded += 1
          const failing = failScripts > 0
          if (failing) failScripts -= 1
          else Reflect.set(window, 'VirtualClassroom', StandInClassroom)
          queueMicrotask(() => node.dispatchEvent(new Event(failing ? 'error' : 'load')))
        }
      }
    })
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    Reflect.deleteProperty(window, 'VirtualClassroom')
  })

  it('embeds the classroom with the room token and the party, the voice sample not asked for', async () => {
    open(cubeLesson, { status: 200, body: { data: learncubeToken() } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Lekcja z: Anna Nowak' })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('learncube-classroom').dataset.phase).toBe('ready'))
    expect(started).toEqual([
      {
        selector: '#learncube-classroom',
        config: {
          token: 'room-1',
          userid: STUDENT_ID,
          username: 'Julia Jankowska',
          publicKey: 'public-key',
          userType: 'student',
          validateUrl: '/api/v1/learncube/validate?party=student&sig=abc',
        },
      },
    ])
    expect(screen.getByTestId('learncube-classroom').textContent).toBe('classroom room-1 for student')
    expect(styleSheets).toEqual(['https://classroom.learncube.test/screen-client.css'])
    expect(screen.getByRole('link', { name: 'Wróć do moich lekcji' }).getAttribute('href')).toBe(
      '/dashboard/my-lessons',
    )
  })

  it("says so when LearnCube's script does not load, and Retry loads it again", async () => {
    failScripts = 1
    open(cubeLesson, {
      status: 200,
      body: { data: learncubeToken('https://classroom.learncube.test/unreachable-client.js') },
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Nie udało się wczytać klasy LearnCube')
    fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }))
    await waitFor(() => expect(screen.getByTestId('learncube-classroom').dataset.phase).toBe('ready'))
    expect(scriptsAdded).toBe(2)
    expect(started).toHaveLength(1)
  })

  it('offers the ordinary room, with the same query, where LearnCube is not configured', async () => {
    open(cubeLesson, { status: 200, body: { data: builtinToken } })
    expect(await screen.findByText('Klasa LearnCube nie jest skonfigurowana')).toBeTruthy()
    expect(
      screen.getByRole('heading', { level: 2, name: 'Klasa LearnCube nie jest skonfigurowana' }),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Dołącz w pokoju lekcji' }))
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/dashboard/video-call-vonage?lesson_id=${ID}&room=builtin`,
    )
    expect(scriptsAdded).toBe(0)
  })

  it('in English too', async () => {
    activateLocale('en')
    open(cubeLesson, { status: 200, body: { data: builtinToken } })
    expect(await screen.findByText('The LearnCube classroom is not configured')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Join in the lesson room' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Lesson with Anna Nowak' })).toBeTruthy()
  })

  it("shows the room's refusal, without Retry, when the lesson cannot be entered", async () => {
    open(cubeLesson, {
      status: 422,
      body: { error: 'This lesson has been cancelled', code: 'lesson_cancelled' },
    })
    expect((await screen.findByRole('alert')).textContent).toContain('Ta lekcja została odwołana')
    expect(screen.queryByRole('button', { name: 'Spróbuj ponownie' })).toBeNull()
  })

  it('says when LearnCube does not answer the server, and offers Retry', async () => {
    open(cubeLesson, {
      status: 503,
      body: { error: 'The video service is not answering', code: 'video_provider_unavailable' },
    })
    expect((await screen.findByRole('alert')).textContent).toContain('Usługa wideo nie odpowiada')
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy()
  })

  it('sends a lesson that is not a cube lesson to the ordinary room, keeping the query', async () => {
    const sent = open(lessonFixture(), { status: 200, body: { data: builtinToken } })
    expect((await screen.findByTestId('where')).textContent).toBe(`/dashboard/video-call-vonage${QUERY}`)
    expect(sent.some((request) => request.path.endsWith('/generate_token'))).toBe(false)
  })
})
