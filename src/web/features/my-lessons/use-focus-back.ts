import { useCallback, useEffect, useRef } from 'react'

/**
 * A dialog opened from a menu item lost the focus to <body> when it closed (the item it would
 * return to was gone with the menu). The screen remembers the element to return to (the lesson's ⋮
 * button) and focuses it once the dialog has closed; when that element is gone (a cancelled lesson
 * offers no actions), the screen's heading.
 */
export function useFocusBack(open: boolean) {
  const returnTo = useRef<HTMLElement | null>(null)
  const fallbackRef = useRef<HTMLHeadingElement>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    if (open) {
      wasOpen.current = true
      return
    }
    if (!wasOpen.current) return
    wasOpen.current = false
    const target = returnTo.current
    if (target?.isConnected) target.focus()
    else fallbackRef.current?.focus()
  }, [open])
  const remember = useCallback((element: HTMLElement | null) => {
    returnTo.current = element
  }, [])
  return { remember, fallbackRef }
}
