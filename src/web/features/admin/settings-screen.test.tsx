// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { SettingsScreen } from './settings-screen.tsx'

// The Settings in the console: units and ranges beside each field, only the changed values sent,
// and the server's field errors shown on their fields.

const saved = {
  ban_duration: 7,
  cancellation_earliness: 24,
  lesson_earliness_condition: 12,
  first_reminder_minutes: 1440,
  second_reminder_minutes: 60,
  recording_lesson_max_mb: 3000,
  recording_day_max_mb: 20_000,
  sms_daily_user_max: 10,
  sms_daily_school_max: 500,
  recap_daily_max: 0,
  recap_publish_after_hours: 48,
}
const field = (name: RegExp) => screen.getByRole('textbox', { name })

describe('the console’s settings', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows units and ranges, checks them, and sends only what changed', async () => {
    await activateLocale('pl')
    const sent = routeFetch({
      'GET /api/v1/admin/settings/show': { status: 200, body: { data: saved } },
      'POST /api/v1/admin/settings/update': { status: 200, body: { data: { ...saved, ban_duration: 14 } } },
    })
    renderScreen('/admin/settings', '/admin/settings', <SettingsScreen />)
    await waitFor(() => expect(field(/Czas blokady konta/)).toHaveProperty('value', '7'))
    expect(screen.getByText(/Liczba całkowita od 0 do 365 dni\./)).toBeTruthy()
    expect(screen.getAllByText(/Liczba całkowita od 0 do 336 godzin\./)).toHaveLength(2)

    fireEvent.change(field(/Najkrótszy czas do lekcji/), { target: { value: '12.5' } })
    fireEvent.change(field(/Czas blokady konta/), { target: { value: '14' } })
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz zmiany' }))
    expect(await screen.findByText('Liczba całkowita od 0 do 336 godzin')).toBeTruthy()
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0)

    fireEvent.change(field(/Najkrótszy czas do lekcji/), { target: { value: '12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz zmiany' }))
    expect(await screen.findByText(/Zapisano\./)).toBeTruthy()
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ ban_duration: 14 })
    expect(screen.getByRole('link', { name: 'Zobacz zmianę w dzienniku' }).getAttribute('href')).toBe(
      '/admin/audit?action=settings.update',
    )
  })

  it('puts the server’s field errors on their fields, in English', async () => {
    await activateLocale('en')
    routeFetch({
      'GET /api/v1/admin/settings/show': { status: 200, body: { data: saved } },
      'POST /api/v1/admin/settings/update': {
        status: 400,
        body: {
          error: 'Validation failed',
          code: 'validation_failed',
          errors: [
            {
              field: 'second_reminder_minutes',
              message: 'A whole number of minutes from 0 to 20160',
              code: 'invalid',
            },
          ],
        },
      },
    })
    renderScreen('/admin/settings', '/admin/settings', <SettingsScreen />)
    await waitFor(() => expect(field(/Second reminder/)).toHaveProperty('value', '60'))
    fireEvent.change(field(/Second reminder/), { target: { value: '90' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(field(/Second reminder/).getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('A whole number of minutes from 0 to 20160')).toBeTruthy()
  })
})
