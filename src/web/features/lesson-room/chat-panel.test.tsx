// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../api/api-error.ts'
import { activateLocale } from '../../config/i18n.ts'
import { theme } from '../../config/theme.ts'
import { ChatPanel } from './chat-panel.tsx'
import type { LessonChat } from './use-lesson-chat.ts'

// Every refusal the room's chat receives is shown with its reason, and a message that sending again
// cannot help offers no "send again".

const chatWith = (outgoing: LessonChat['outgoing']): LessonChat => ({
  messages: [],
  outgoing,
  loading: false,
  loadError: null,
  send: () => undefined,
  resend: () => undefined,
  pushed: () => undefined,
  refresh: () => undefined,
})

const failed = (client_id: string, body: string, error: ApiError | null) =>
  ({ client_id, body, status: 'failed', error }) as const

const student = 'student' as const

function renderChat(chat: LessonChat) {
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <ChatPanel chat={chat} role={student} otherName="Anna Nowak" height={400} />
      </I18nProvider>
    </MantineProvider>,
  )
}

describe('ChatPanel refusals', () => {
  beforeEach(async () => {
    // happy-dom has no FontFaceSet; Mantine's autosizing textarea listens to it.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    })
    await activateLocale('pl')
  })
  afterEach(cleanup)

  it('says why a message was refused and offers sending again only where it may help', () => {
    renderChat(
      chatWith([
        failed(
          '00000000-0000-4000-8000-000000000001',
          'Halo?',
          new ApiError({ kind: 'http', status: 422, code: 'lesson_cancelled', message: 'cancelled' }),
        ),
        failed(
          '00000000-0000-4000-8000-000000000002',
          'Jestem!',
          new ApiError({ kind: 'network', message: 'offline' }),
        ),
      ]),
    )
    const [cancelled, offline] = screen.getAllByRole('alert')
    expect(cancelled?.textContent?.trim()).toBe('Nie wysłano. Ta lekcja została odwołana')
    expect(within(cancelled as HTMLElement).queryByRole('button')).toBeNull()
    expect(offline?.textContent).toContain('Nie wysłano. Błąd sieci!')
    const resend = within(offline as HTMLElement).getByRole('button', { name: 'Wyślij ponownie: Jestem!' })
    expect(resend.textContent).toBe('Wyślij ponownie')
  })
})
