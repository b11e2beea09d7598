// @vitest-environment happy-dom
import { IconMicrophone } from '@tabler/icons-react'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '../config/i18n.ts'
import { renderScreen } from '../test-utils.tsx'
import { ControlButton } from './control-button.tsx'

// The room's controls on a touch screen: a tap fires the pointer events as "touch", then the
// mouse's compatibility events (mouseover, mouseenter, mousedown, focus, mouseup, click), as a
// phone's browser does. A tooltip opened by those stayed over the call until the next tap elsewhere.

const TIP = 'Wycisz mikrofon'

async function control(onClick = vi.fn()) {
  renderScreen(
    '/',
    '/',
    <ControlButton
      label="Mikrofon"
      short="Mikrofon"
      tooltip={TIP}
      onClick={onClick}
      icon={<IconMicrophone aria-hidden />}
    />,
  )
  return { button: await screen.findByRole('button', { name: 'Mikrofon' }), onClick }
}

const tooltip = () => screen.queryByText(TIP)

describe('a control of the room', () => {
  beforeEach(() => activateLocale('pl'))
  afterEach(cleanup)

  it('leaves no tooltip standing after a tap on a touch screen', async () => {
    const { button, onClick } = await control()
    fireEvent.pointerEnter(button, { pointerType: 'touch' })
    fireEvent.pointerDown(button, { pointerType: 'touch' })
    fireEvent.pointerUp(button, { pointerType: 'touch' })
    fireEvent.mouseEnter(button)
    fireEvent.mouseDown(button)
    button.focus()
    fireEvent.mouseUp(button)
    fireEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(tooltip()).toBeNull())
    // Still none a moment later: nothing opens it after the tap.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(tooltip()).toBeNull()
  })

  it('shows its tooltip for a mouse pointing at it, and takes it away with the click', async () => {
    const { button } = await control()
    fireEvent.pointerEnter(button, { pointerType: 'mouse' })
    fireEvent.mouseEnter(button)
    expect(await screen.findByText(TIP)).toBeTruthy()
    fireEvent.pointerDown(button, { pointerType: 'mouse' })
    fireEvent.click(button)
    await waitFor(() => expect(tooltip()).toBeNull())
  })

  it('shows its tooltip when the keyboard reaches it; Escape takes it away', async () => {
    const { button } = await control()
    button.focus()
    expect(await screen.findByText(TIP)).toBeTruthy()
    fireEvent.keyDown(button, { key: 'Escape' })
    await waitFor(() => expect(tooltip()).toBeNull())
  })

  it('keeps its short name in the button, a word of its accessible name', async () => {
    const { button } = await control()
    expect(button.textContent).toBe('Mikrofon')
  })
})
