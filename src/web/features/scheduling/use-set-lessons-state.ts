import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { readSetLessonsState, type SetLessonsState, writeSetLessonsState } from './set-lessons-url.ts'

/**
 * The screen's state, read from and written to the URL query. Opening a teacher or a page adds a
 * history entry (so Back returns to the list); typing in the filters replaces the current one.
 */
export function useSetLessonsState() {
  const [query, setQuery] = useSearchParams()
  const state = useMemo(() => readSetLessonsState(query), [query])
  const update = useCallback(
    (patch: Partial<SetLessonsState>, options: { push?: boolean } = {}) => {
      setQuery((current) => writeSetLessonsState({ ...readSetLessonsState(current), ...patch }), {
        replace: !options.push,
      })
    },
    [setQuery],
  )
  return { state, update }
}
