// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../config/i18n.ts'
import { theme } from '../config/theme.ts'
import { ChunkFailure } from './chunk-failure.tsx'
import { CHUNK_RELOAD_KEY } from './chunk-reload.ts'

function show(reload: () => void) {
  return render(
    <MantineProvider theme={theme}>
      <I18nProvider i18n={i18n}>
        <ChunkFailure reload={reload} />
      </I18nProvider>
    </MantineProvider>,
  )
}

describe('the ChunkLoadError screen', () => {
  beforeEach(() => {
    sessionStorage.clear()
    activateLocale('pl')
  })
  afterEach(cleanup)

  it('reloads the page once instead of showing an error', () => {
    const reload = vi.fn()
    show(reload)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull()
    expect(screen.queryByText('Nie udało się wczytać aplikacji')).toBeNull()
  })

  it('after that reload says what happened, in Polish and in English, with a reload button', async () => {
    // wall clock: the reload's guard measures on the wall's clock
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
    const reload = vi.fn()
    show(reload)
    expect(await screen.findByRole('heading', { name: 'Nie udało się wczytać aplikacji' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'The app could not be loaded' })).toBeTruthy()
    expect(screen.getAllByText(/ChunkLoadError/)).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Odśwież stronę / Reload the page' })).toBeTruthy()
    expect(reload).not.toHaveBeenCalled()
  })
})
