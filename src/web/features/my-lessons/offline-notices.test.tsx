// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { outboxTable } from '../../offline/lektorium-db.ts'
import { clearOutbox, enqueueWrite, type OutboxEntry, outboxEntries } from '../../offline/outbox.ts'
import { lessonId } from '../../test-support/lesson-fixture.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { OutboxRefusals } from './offline-notices.tsx'

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
