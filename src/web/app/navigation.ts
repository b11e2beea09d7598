import { useEffect } from 'react'
import { type NavigateFunction, useNavigate } from 'react-router-dom'

// The API layer navigates outside React (product-rules.md "Errors": a 401 goes to login); the
// router's navigate function is lent to it while the app is mounted. A navigation asked for before
// the app has mounted (a 401 answering the start's prefetch on a slow device) waits for it: loading
// the page instead would wipe the toast that says why (docs/decisions.md "A 401 before the app
// mounts").
let current: NavigateFunction | null = null
let pending: string | null = null

export function useLendNavigate(): void {
  const navigate = useNavigate()
  useEffect(() => {
    current = navigate
    if (pending !== null) {
      const to = pending
      pending = null
      navigate(to, { replace: true })
    }
    return () => {
      if (current === navigate) current = null
    }
  }, [navigate])
}

/** Replaces the current entry with `to`; before the app has mounted, once it has. */
export function navigateOutsideReact(to: string): void {
  if (current) current(to, { replace: true })
  else pending = to
}
