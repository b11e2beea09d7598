// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { studentProfile } from '../../test-support/profile-fixture.ts'
import { answerWith, signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import { EditLearnedLanguagesForm } from './edit-learned-languages-dialog.tsx'
import { somethingUnticked } from './learned-languages.ts'

const save = () => screen.getByRole('button', { name: 'Zapisz' })

describe('EditMyLearnedLanguages (save only when something was unticked)', () => {
  beforeEach(() => {
    localStorage.clear()
    activateLocale('pl')
    signInAs(studentProfile())
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('decides by what was unticked, not by what is ticked', () => {
    expect(somethingUnticked([1, 4], [1, 4])).toBe(false)
    expect(somethingUnticked([1, 4], [4])).toBe(true)
    expect(somethingUnticked([1, 4], [])).toBe(true)
    expect(somethingUnticked([], [])).toBe(false)
  })

  it('keeps save off until a language is unticked, and on again only when unticked', () => {
    answerWith(200, { data: [] })
    renderScreen('/', '/', <EditLearnedLanguagesForm learned={[1, 4]} onDone={() => undefined} />)
    const boxes = screen.getAllByRole('checkbox')
    expect(boxes).toHaveLength(2)
    expect(save().hasAttribute('disabled')).toBe(true)
    fireEvent.click(boxes[0] ?? document.body)
    expect(save().hasAttribute('disabled')).toBe(false)
    fireEvent.click(boxes[0] ?? document.body)
    expect(save().hasAttribute('disabled')).toBe(true)
  })

  it('sends the languages still ticked as language_ids', async () => {
    const sent = answerWith(200, { data: [] })
    renderScreen('/', '/', <EditLearnedLanguagesForm learned={[1, 4]} onDone={() => undefined} />)
    fireEvent.click(screen.getAllByRole('checkbox')[0] ?? document.body)
    fireEvent.click(save())
    await waitFor(() => expect(sent.some((r) => r.path === '/api/v1/students/update')).toBe(true))
    expect(sent.find((r) => r.path === '/api/v1/students/update')?.body).toEqual({ language_ids: [4] })
  })
})
