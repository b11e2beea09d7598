import { i18n } from '@lingui/core'
import { notifications } from '@mantine/notifications'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_MS } from '../../domain/constants.ts'
import { showInfoToast } from './info-toast.ts'

describe('the default info toast ("attention")', () => {
  afterEach(() => vi.restoreAllMocks())
  beforeEach(() => i18n.activate('pl'))

  it('is titled "Uwaga", in the info colour, for the global time', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id')
    showInfoToast({ message: 'Nowa wersja' })
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Uwaga',
        color: 'indigo',
        autoClose: TOAST_MS,
        message: 'Nowa wersja',
      }),
    )
  })

  it('takes its own title and time when given', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id')
    showInfoToast({ title: 'Nowa wersja jest dostępna', message: 'x', autoClose: false })
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Nowa wersja jest dostępna', autoClose: false, color: 'indigo' }),
    )
  })

  it('says "Attention" in English', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id')
    i18n.activate('en')
    showInfoToast({ message: 'x' })
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Attention' }))
  })
})
