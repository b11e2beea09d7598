// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../config/i18n.ts'
import { renderScreen } from '../test-utils.tsx'
import { TimePicker } from './time-picker.tsx'

describe('TimePicker', () => {
  beforeEach(() => activateLocale('pl'))
  afterEach(cleanup)

  it('gives the form every change, also one made before the form has answered the last', () => {
    const onChange = vi.fn()
    // The form (the URL, on set-lessons) has not re-rendered yet: its value is still 08:00.
    renderScreen('/', '/', <TimePicker label="Od godziny" value="08:00" onChange={onChange} />)
    const minutes = screen.getByLabelText('Minuty')
    fireEvent.keyDown(minutes, { key: 'ArrowUp' })
    fireEvent.keyDown(minutes, { key: 'ArrowDown' })
    expect(onChange.mock.calls).toEqual([['08:15'], ['08:00']])
  })
})
