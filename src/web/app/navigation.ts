import { useEffect } from 'react'
import { type NavigateFunction, useNavigate } from 'react-router-dom'

// The API layer navigates outside React (spec §8: a 401 goes to login); the router's navigate
// function is lent to it while the app is mounted.
let current: NavigateFunction | null = null

export function useLendNavigate(): void {
  const navigate = useNavigate()
  useEffect(() => {
    current = navigate
    return () => {
      if (current === navigate) current = null
    }
  }, [navigate])
}

/** Replaces the current entry with `to`; before the app has mounted, by loading the page. */
export function navigateOutsideReact(to: string): void {
  if (current) current(to, { replace: true })
  else window.location.replace(to)
}
