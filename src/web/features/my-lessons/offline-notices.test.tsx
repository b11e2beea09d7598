// @vitest-environment happy-dom
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../../api/query-client.ts'
import { activateLocale } from '../../config/i18n.ts'
import { outboxTable } from '../../offline/lektorium-db.ts'
import { clearOutbox, enqueueWrite, type OutboxEntry, outboxEntries } from '../../offline/outbox.ts'
import {
  finishedLessonFixture,
  lessonId,
  pageOf,
  scheduledAnswer,
} from '../../test-support/lesson-fixture.ts'
import {
  FINISHED,
  GROUP,
  noGroup,
  SCHEDULED,
  show,
  startEachAtNow,
  tomorrow,
} from '../../test-support/my-lessons-screen-kit.tsx'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { OutboxRefusals, SavedCopyNotice } from './offline-notices.tsx'

// A replay the server refused is shown with what was written and why, and the user sends it again
// or lets it go — never dropped silently.

const student = studentProfile()
const LESSON = lessonId(3)

beforeEach(() => {
  localStorage.clear()
  activateLocale('pl')
  signInAs(student)
})
afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await clearOutbox()
})

async function refusedNote(): Promise<OutboxEntry[]> {
  const seq = await enqueueWrite(student.id, {
    kind: 'update',
    lessonId: LESSON,
    input: { lesson_id: LESSON, note: 'Powtórka słówek' },
    idempotencyKey: 'key-refused-note',
  })
  await outboxTable().update(seq, {
    state: 'failed',
    refusal: { code: 'lesson_cancelled', status: 409, params: {} },
  })
  return outboxEntries(student.id)
}

describe('OutboxRefusals', () => {
  it('shows nothing while nothing was refused', () => {
    renderScreen('/', '/', <OutboxRefusals entries={[]} />)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the refused note with the reason, and discards it on request', async () => {
    renderScreen('/', '/', <OutboxRefusals entries={await refusedNote()} />)
    expect(screen.getByText('Wiadomość dla lektora: „Powtórka słówek”')).toBeTruthy()
    expect(screen.getByText('Ta lekcja została odwołana')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Odrzuć' }))
    await waitFor(async () => expect(await outboxEntries(student.id)).toEqual([]))
  })

  it('sends it again with the same key', async () => {
    const sent = routeFetch({
      'POST /api/v1/lessons/update': { status: 409, body: { error: 'x', code: 'lesson_cancelled' } },
    })
    renderScreen('/', '/', <OutboxRefusals entries={await refusedNote()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij ponownie' }))
    await waitFor(() => expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(['key-refused-note']))
  })
})

describe('the saved copy and a list never saved', () => {
  startEachAtNow()
  afterEach(() => onlineManager.setOnline(true))

  it('dates the saved copy in Poland time, dd.MM.yyyy HH:mm, in both languages', () => {
    const savedAt = Date.parse('2026-11-24T08:30:00Z')
    renderScreen('/', '/', <SavedCopyNotice savedAt={savedAt} />)
    expect(screen.getByRole('status').textContent).toContain('na tym urządzeniu 24.11.2026 09:30;')
    cleanup()
    activateLocale('en')
    renderScreen('/', '/', <SavedCopyNotice savedAt={savedAt} />)
    expect(screen.getByRole('status').textContent).toContain('on this device on 24.11.2026 09:30;')
  })

  // With the app's own query rules a failed list waits (paused) for the connection before it tries
  // again; a tab whose list this device never fetched used to show its skeleton until then.
  it('says a tab never saved on this device is not saved, then shows it once the connection is back', async () => {
    let reachable = true
    routeFetch({
      [SCHEDULED]: scheduledAnswer([tomorrow]),
      [GROUP]: noGroup,
      [FINISHED]: () => {
        if (!reachable) throw new TypeError('Failed to fetch')
        return { status: 200, body: pageOf([finishedLessonFixture()]) }
      },
    })
    show(
      studentProfile(),
      '/dashboard/my-lessons',
      new QueryClient({ defaultOptions: queryClient.getDefaultOptions() }),
    )
    await screen.findByRole('table', { name: 'Zaplanowane lekcje' })
    // The connection goes with the app open; then the closed lessons are asked for the first time.
    reachable = false
    act(() => onlineManager.setOnline(false))
    fireEvent.click(screen.getByRole('tab', { name: 'Zakończone' }))
    expect(await screen.findByText('Ta lista nie jest zapisana na tym urządzeniu')).toBeTruthy()
    expect(screen.queryByText('Wczytujemy lekcje…')).toBeNull()

    reachable = true
    act(() => onlineManager.setOnline(true))
    expect(await screen.findByRole('table', { name: 'Zakończone lekcje' })).toBeTruthy()
    expect(screen.queryByText('Ta lista nie jest zapisana na tym urządzeniu')).toBeNull()
  })
})
