import { useLayoutEffect, useRef } from 'react'

// Closing a dialog (Esc, the close icon, cancel) gives the focus back to the control that opened
// it. Mantine's own return records the opener only when `opened` changes on a mounted Modal, so a
// dialog rendered already open (my-lessons renders its dialog only while open; the first dialog
// waits for its chunk) or unmounted on close left the focus on <body>. This hook records the opener
// when the dialog opens or mounts open, and returns the focus when it closes or unmounts.

/** Mantine closes the dialog's focus trap first; the focus moves once that has happened. */
const RETURN_DELAY_MS = 10

/** The control to come back to: a menu item's menu button (the menu is gone by then). */
function openerOf(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null
  const labelledBy = element.closest('[role="menu"]')?.getAttribute('aria-labelledby')
  const menuButton = labelledBy ? document.getElementById(labelledBy) : null
  return menuButton ?? element
}

function giveBack(opener: HTMLElement): void {
  if (!opener.isConnected) return
  const active = document.activeElement
  // Something outside the closed dialog took the focus on purpose (another dialog, the screen).
  const elsewhere =
    active && active !== document.body && active.isConnected && !active.closest('[role="dialog"]')
  if (elsewhere) return
  opener.focus({ preventScroll: true })
}

export function useDialogFocusReturn(opened: boolean, enabled: boolean): void {
  const enabledRef = useRef(enabled)
  enabledRef.current = enabled
  useLayoutEffect(() => {
    if (!opened) return
    const opener = openerOf(document.activeElement)
    return () => {
      if (enabledRef.current && opener) window.setTimeout(() => giveBack(opener), RETURN_DELAY_MS)
    }
  }, [opened])
}
