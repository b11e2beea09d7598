// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminTeacher } from '../../../domain/api/admin-teachers.ts'
import { activateLocale } from '../../config/i18n.ts'
import { routeFetch, type SentRequest } from '../../test-support/test-fetch.ts'
import { renderScreen } from '../../test-utils.tsx'
import { TeachersScreen } from './teachers-screen.tsx'

// The console's Teachers: the verification queue with what the school judges by, and its actions.

const teacher = (over: Partial<AdminTeacher> = {}): AdminTeacher => ({
  id: '2f1b6d0e-6f1c-4c2a-9d8e-7a6b5c4d3e2f',
  email: 'ewa.lektor@example.com',
  first_name: 'Ewa',
  last_name: 'Lis',
  status: 'pending_verification',
  locale: 'en',
  created_at: '2026-11-20T09:30:00.000Z',
  verified_at: null,
  deactivation: null,
  taught_languages: [{ language_id: 1, language: 'English', level_id: 3, level: 'B2' }],
  teaching_language_ids: [2],
  image_url: null,
  video_url: 'https://files.example/video.mp4',
  description: 'Uczę angielskiego od 10 lat.',
  billing: { complete: false, missing: ['iban', 'city'] },
  monthly_lesson_cap: null,
  video_provider: null,
  future_lessons: 0,
  learncube_lessons: 0,
  penalties: { late_cancellation: 0, absence: 0 },
  ...over,
})
const page = (items: AdminTeacher[]) => ({
  status: 200,
  body: {
    data: {
      items,
      page: 1,
      has_more: false,
      video: { default_provider: 'builtin', vonage: false, learncube: false },
    },
  },
})
const indexOf = (sent: SentRequest[]) => sent.filter((r) => r.path === '/api/v1/admin/teachers/index')

describe('the console’s Teachers', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows the pending queue with languages, video and billing, and verifies a teacher', async () => {
    await activateLocale('pl')
    let verified = false
    const sent = routeFetch({
      'GET /api/v1/languages/list': {
        status: 200,
        body: { data: [{ id: 1, name: 'English', name_pl: 'angielski', conjugated_name: 'angielskiego' }] },
      },
      'GET /api/v1/admin/teachers/index': () => page(verified ? [] : [teacher()]),
      'POST /api/v1/admin/teachers/verify': () => {
        verified = true
        return {
          status: 200,
          body: { data: { email: 'ewa.lektor@example.com', already_verified: false, mail_sent: true } },
        }
      },
    })
    renderScreen('/admin/teachers', '/admin/teachers', <TeachersScreen />)
    const card = await screen.findByRole('article', { name: 'Ewa Lis' })
    expect(indexOf(sent)[0]?.query).toContain('status=pending_verification')
    // The queue lists everyone waiting, each with its own Zweryfikuj: no second form by e-mail.
    expect(screen.queryByRole('textbox', { name: 'E-mail lektora' })).toBeNull()
    // Languages in the interface language, from the one dictionary.
    expect(await within(card).findByText('Angielski · B2')).toBeTruthy()
    expect(within(card).getByText('Dane do rozliczeń: brak iban, city')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Obejrzyj film powitalny' }).getAttribute('href')).toBe(
      'https://files.example/video.mp4',
    )
    fireEvent.click(within(card).getByRole('button', { name: 'Zweryfikuj' }))
    expect(await screen.findByText('Nikt nie czeka na weryfikację.')).toBeTruthy()
    expect(sent.find((r) => r.path.endsWith('/verify'))?.body).toEqual({ email: 'ewa.lektor@example.com' })
  })

  it('rejects only with a reason, and keeps the filters in the address', async () => {
    await activateLocale('en')
    const sent = routeFetch({
      'GET /api/v1/admin/teachers/index': page([teacher()]),
      'POST /api/v1/admin/teachers/reject': {
        status: 200,
        body: { data: { teacher: teacher({ status: 'deactivated' }), mail_sent: true } },
      },
    })
    renderScreen('/admin/teachers?q=ewa', '/admin/teachers', <TeachersScreen />)
    const card = await screen.findByRole('article', { name: 'Ewa Lis' })
    expect(indexOf(sent)[0]?.query).toContain('q=ewa')
    fireEvent.click(within(card).getByRole('button', { name: 'Reject the registration…' }))
    const dialog = await screen.findByRole('dialog', { name: "Reject the teacher's registration" })
    expect(dialog.textContent).toContain('(in English)')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject the registration' }))
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy()
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: ' No video ' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject the registration' }))
    await waitFor(() =>
      expect(sent.find((r) => r.path.endsWith('/reject'))?.body).toEqual({
        teacher_id: teacher().id,
        reason: 'No video',
      }),
    )
  })

  it('says why a teacher with lessons ahead cannot be deactivated, in Polish', async () => {
    await activateLocale('pl')
    routeFetch({
      'GET /api/v1/admin/teachers/index': page([
        teacher({ status: 'active', future_lessons: 2, penalties: { late_cancellation: 1, absence: 2 } }),
      ]),
      'POST /api/v1/admin/teachers/deactivate': {
        status: 400,
        body: {
          error: 'Validation failed',
          code: 'validation_failed',
          errors: [
            {
              field: 'teacher_id',
              message:
                'ewa.lektor@example.com has 2 lesson(s) ahead (the first on 02.12.2026): cancel them first.',
            },
          ],
        },
      },
    })
    renderScreen('/admin/teachers?status=active', '/admin/teachers', <TeachersScreen />)
    const card = await screen.findByRole('article', { name: 'Ewa Lis' })
    // The teacher's penalties by reason.
    expect(within(card).getByText('Kary: późne odwołania 1 · nieobecności 2')).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Dezaktywuj…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Dezaktywować lektora?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dezaktywuj' }))
    expect(
      await within(dialog).findByText(
        'Lektor ma zaplanowane lekcje (2, pierwsza 02.12.2026). Najpierw je odwołaj.',
      ),
    ).toBeTruthy()
  })
})
