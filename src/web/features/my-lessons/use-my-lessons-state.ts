import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { type MyLessonsState, readMyLessonsState, writeMyLessonsState } from './my-lessons-url.ts'

/**
 * The screen's state in the URL query. Choosing a tab, a view, a range or a page adds a history
 * entry (Back returns to the previous one); moving the calendar's date replaces it.
 */
export function useMyLessonsState() {
  const [query, setQuery] = useSearchParams()
  const state = useMemo(() => readMyLessonsState(query), [query])
  const update = useCallback(
    (patch: Partial<MyLessonsState>, options: { push?: boolean } = {}) => {
      setQuery((current) => writeMyLessonsState({ ...readMyLessonsState(current), ...patch }), {
        replace: !options.push,
      })
    },
    [setQuery],
  )
  return { state, update }
}
