// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../config/i18n.ts'
import { renderScreen } from '../test-utils.tsx'
import { FilePicker } from './file-picker.tsx'

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])

function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')
  if (!input) throw new Error('no file input')
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  fireEvent.change(input)
}

describe('the file picker', () => {
  afterEach(cleanup)

  it('takes a real MP4 and refuses a picture renamed to .mp4, saying why', async () => {
    activateLocale('pl')
    const onChange = vi.fn()
    renderScreen('/', '/', <FilePicker kind="video" value={null} onChange={onChange} label="Film" />)
    choose(new File([png], 'clip.mp4', { type: 'video/mp4' }))
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Nie można użyć pliku clip.mp4. Dozwolone typy plików: MP4',
    )
    expect(onChange).toHaveBeenLastCalledWith(null)
    const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0])
    const video = new File([mp4], 'hello.mp4', { type: 'video/mp4' })
    choose(video)
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(video))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the chosen file with its size, and progress with Cancel while uploading', () => {
    activateLocale('en')
    const onCancel = vi.fn()
    const file = new File([new Uint8Array(3 * 1_048_576)], 'hello.mp4', { type: 'video/mp4' })
    renderScreen(
      '/',
      '/',
      <FilePicker
        kind="video"
        value={file}
        onChange={vi.fn()}
        label="Video"
        progress={42}
        onCancel={onCancel}
      />,
    )
    expect(screen.getByText('hello.mp4')).toBeTruthy()
    expect(screen.getByText('3 MB')).toBeTruthy()
    expect(screen.getByText('42%')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalled()
  })
})
