// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { ChatMessage } from '../../../domain/api/room.ts'
import { profileKeys } from '../../api/profile.ts'
import { activateLocale } from '../../config/i18n.ts'
import { theme } from '../../config/theme.ts'
import { lessonFixture, lessonId } from '../../test-support/lesson-fixture.ts'
import { STUDENT_ID, studentProfile } from '../../test-support/profile-fixture.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { PreJoin } from './pre-join.tsx'
import type { LessonChat } from './use-lesson-chat.ts'
import type { LocalPreview } from './use-local-preview.ts'

// The lobby speaks of a group class's meeting as the class: its title, the class's chat, and each
// message by its author (another student's is not "mine").

const student = 'student' as const

const preview: LocalPreview = {
  stream: null,
  problem: null,
  cameraProblem: null,
  opening: false,
  devices: { cameras: [], microphones: [] },
  choice: { cameraId: null, microphoneId: null, audioOnly: false },
  choose: () => undefined,
  retry: () => undefined,
  take: () => ({}),
  giveBack: () => undefined,
}

const message = (id: number, author_id: string, body: string): ChatMessage => ({
  id,
  client_id: `00000000-0000-4000-8000-00000000000${id}`,
  lesson_id: lessonId(1),
  author_id,
  author_role: 'student',
  body,
  created_at: '2026-11-24T07:05:00.000Z',
})

const chatOf = (messages: ChatMessage[]): LessonChat => ({
  messages,
  outgoing: [],
  loading: false,
  loadError: null,
  send: () => undefined,
  resend: () => undefined,
  pushed: () => undefined,
  refresh: () => undefined,
})

function renderLobby(lesson: Lesson, chat: LessonChat) {
  const profile = studentProfile()
  signInAs(profile)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(profileKeys.me(profile.role, profile.id), profile)
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <PreJoin
              lesson={lesson}
              role={student}
              preview={preview}
              chat={chat}
              onJoin={() => undefined}
              joining={false}
              joinError={null}
            />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  )
}

describe('the lobby of a group meeting', () => {
  beforeEach(async () => {
    // happy-dom has no FontFaceSet; Mantine's autosizing textarea listens to it.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    })
    localStorage.clear()
    await activateLocale('pl')
  })
  afterEach(cleanup)

  it('names the class and tells one student message from another', () => {
    const meeting = lessonFixture({
      is_group: true,
      fullName: 'Ewa Woźniak',
      group: { class_id: lessonId(7), title: 'Niemiecki w pracy B1', absent_at: null },
    })
    const classmate = '5d0c6f3e-1b2a-4c3d-8e4f-123456789abc'
    renderLobby(meeting, chatOf([message(1, STUDENT_ID, 'Dzień dobry'), message(2, classmate, 'Cześć')]))
    expect(screen.getByRole('heading', { level: 1, name: 'Przygotuj się do zajęć' })).toBeTruthy()
    expect(screen.getByText(/^Niemiecki w pracy B1 · /)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Dołącz do zajęć' })).toBeTruthy()
    const log = screen.getByRole('log')
    expect(within(log).getByText(/^Ty\b/)).toBeTruthy()
    expect(within(log).getByText(/^Osoba ucząca się/)).toBeTruthy()
    expect(within(log).queryByText(/Ewa Woźniak/)).toBeNull()
  })

  it('keeps the one-to-one wording for a lesson with one teacher', () => {
    renderLobby(lessonFixture(), chatOf([]))
    expect(screen.getByRole('heading', { level: 1, name: 'Przygotuj się do lekcji' })).toBeTruthy()
    expect(screen.getByText(/^Anna Nowak · /)).toBeTruthy()
    expect(
      screen.getByText('Nie ma jeszcze wiadomości. Napisz pierwszą — Anna Nowak ją zobaczy.'),
    ).toBeTruthy()
  })
})
