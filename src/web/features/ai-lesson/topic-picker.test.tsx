// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { renderDialog } from '../../test-support/dialog-test-harness.tsx'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { TopicPicker } from './topic-picker.tsx'

const PRACTISE = 'Ordering food in a café — sandwich, I would like'

describe("the conversation's topic", () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it("offers to practise a lesson from its published recap's topics and words", async () => {
    routeFetch({
      'GET /api/v1/ai-lesson/topics': {
        status: 200,
        body: {
          data: [
            { title: PRACTISE, lesson_date: '2026-03-10', from_recap: true },
            { title: 'Past simple', lesson_date: '2026-03-03', from_recap: false },
          ],
        },
      },
    })
    signInAs(studentProfile({ ai_access: true }))
    const onTopic = vi.fn()
    renderDialog(<TopicPicker topic="" onTopic={onTopic} />, { role: 'student' })
    fireEvent.click(await screen.findByRole('button', { name: 'Przećwicz lekcję z 10.03.2026' }))
    expect(onTopic).toHaveBeenCalledWith(PRACTISE)
    // A memo's topic is a chip as before, with no practice button of its own.
    expect(screen.queryByRole('button', { name: /Przećwicz lekcję z 03.03.2026/ })).toBeNull()
  })
})
