import { useRef } from 'react'
import { useSearchParams } from 'react-router-dom'

/**
 * A console screen's filters, kept in the URL (design.md "The school's console"). `go` builds the
 * next filters from the latest ones — the last it wrote, until a render brings newer — not from
 * the render its handler closed over: a navigation re-renders in a transition, so a filter picked
 * and a search sent right after it, before that render, wrote the old filter back (on a loaded
 * machine "Aktywni" was picked, then "Szukaj" put "Do weryfikacji" back).
 */
export function useUrlFilters<F>(
  read: (params: URLSearchParams) => F,
  write: (filters: F) => URLSearchParams,
): readonly [F, (next: (current: F) => F) => void] {
  const [params, setParams] = useSearchParams()
  const seen = useRef(params)
  const latest = useRef(params)
  if (seen.current !== params) {
    seen.current = params
    latest.current = params
  }
  const go = (next: (current: F) => F) => {
    const written = write(next(read(latest.current)))
    latest.current = written
    setParams(written)
  }
  return [read(params), go] as const
}
