// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { teacherProfile } from '../../test-support/profile-fixture.ts'
import { answerWith, signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { EditSocialMediaForm } from './edit-social-media-dialog.tsx'
import { payloadRowIndex, socialLinkHints, socialLinksPayload } from './social-links.ts'

const a = 'https://www.linkedin.com/in/anna'
const b = 'https://example.com/anna'

describe('social links (at least one, debounced 500 ms, duplicates ignored)', () => {
  it('drops empty rows and repeats, keeping the first occurrence', () => {
    expect(socialLinksPayload([a, ' ', ` ${a} `, b, a])).toEqual([a, b])
    expect(socialLinksPayload(['', '  '])).toEqual([])
  })

  it('finds the row of a payload link and marks repeats', () => {
    expect(payloadRowIndex(['', a, b], 1)).toBe(2)
    const hints = socialLinkHints([a, a, 'not a link'])
    expect(hints.map((h) => h.duplicate)).toEqual([false, true, false])
    expect(hints[2]?.error).not.toBeNull()
    expect(hints[1]?.error).toBeNull()
  })

  describe('in the dialog', () => {
    beforeEach(() => {
      localStorage.clear()
      activateLocale('pl')
      signInAs(teacherProfile())
      vi.useFakeTimers({ shouldAdvanceTime: true })
    })
    afterEach(() => {
      cleanup()
      vi.useRealTimers()
      vi.unstubAllGlobals()
    })

    it('checks an edit only after 500 ms without typing', () => {
      renderScreen('/', '/', <EditSocialMediaForm links={[a]} onDone={() => undefined} />)
      fireEvent.change(screen.getByRole('textbox', { name: 'Link 1' }), { target: { value: 'linkedin' } })
      act(() => vi.advanceTimersByTime(400))
      expect(screen.queryByText(/Podaj pełny adres/)).toBeNull()
      act(() => vi.advanceTimersByTime(150))
      expect(screen.getByText(/Podaj pełny adres/)).toBeTruthy()
    })

    it('says a repeated link is saved once, and sends it once', async () => {
      const sent = answerWith(200, { data: teacherProfile() })
      renderScreen('/', '/', <EditSocialMediaForm links={[a]} onDone={() => undefined} />)
      fireEvent.click(screen.getByRole('button', { name: 'Dodaj link' }))
      fireEvent.change(screen.getByRole('textbox', { name: 'Link 2' }), { target: { value: a } })
      act(() => vi.advanceTimersByTime(500))
      expect(screen.getByText(/zapiszemy go raz/)).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
      await vi.waitFor(() => expect(sent).toHaveLength(1))
      expect(sent[0]?.body).toEqual({ social_links: [a] })
    })

    it('cannot save without any link', () => {
      renderScreen('/', '/', <EditSocialMediaForm links={[]} onDone={() => undefined} />)
      expect(screen.getByRole('button', { name: 'Zapisz' }).hasAttribute('disabled')).toBe(true)
    })
  })
})
