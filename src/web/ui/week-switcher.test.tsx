// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WEEK_SWITCH_TOOLTIP_MS } from '../../domain/constants.ts'
import { activateLocale } from '../config/i18n.ts'
import { theme } from '../config/theme.ts'
import { WeekSwitcher } from './week-switcher.tsx'

const bounds = { min: '2026-11-23', max: '2026-11-30' }
const limitText = 'Lekcje możesz umawiać tylko na bieżący i następny tydzień.'

/** Tooltips that are open (happy-dom has no layout, so Mantine marks them display: none). */
const openTooltips = () =>
  screen
    .queryAllByRole('tooltip', { hidden: true })
    .filter((tip) => tip.style.opacity !== '0')
    .map((tip) => tip.textContent)

function show(weekStart: string) {
  const onChange = vi.fn()
  render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <WeekSwitcher weekStart={weekStart} bounds={bounds} onChange={onChange} />
      </I18nProvider>
    </MantineProvider>,
  )
  return onChange
}

describe('WeekSwitcher', () => {
  beforeEach(() => activateLocale('pl'))
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('shows the week and moves forward from the current week', () => {
    const onChange = show('2026-11-23')
    expect(screen.getByText('Bieżący tydzień')).toBeTruthy()
    expect(screen.getByText('23.11 – 29.11.2026')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Następny tydzień' }))
    expect(onChange).toHaveBeenCalledWith('2026-11-30')
  })

  it('does not go before the current week and explains why for 6 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const onChange = show('2026-11-23')
    const back = screen.getByRole('button', { name: 'Poprzedni tydzień' })
    expect(back.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(back)
    expect(onChange).not.toHaveBeenCalled()
    await waitFor(() => expect(openTooltips()).toEqual([limitText]))
    expect(screen.getByRole('status').textContent).toBe(limitText)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WEEK_SWITCH_TOOLTIP_MS - 300)
    })
    expect(openTooltips()).toEqual([limitText])
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000)
    })
    expect(screen.getByRole('status').textContent).toBe('')
    await waitFor(() => expect(openTooltips()).toEqual([]))
  })

  it('does not go beyond the next week', () => {
    const onChange = show('2026-11-30')
    expect(screen.getByText('Następny tydzień', { selector: 'p' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Następny tydzień' }))
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Poprzedni tydzień' }))
    expect(onChange).toHaveBeenCalledWith('2026-11-23')
  })
})
