import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import {
  type LessonsTab,
  type MyLessonsState,
  readMyLessonsState,
  writeMyLessonsState,
} from './my-lessons-url.ts'

/**
 * The screen's state in the URL query. Choosing a tab, a view, a range or a page adds a history
 * entry (Back returns to the previous one); moving the calendar's date replaces it.
 */
export function useMyLessonsState(home: LessonsTab = 'scheduled') {
  const [query, setQuery] = useSearchParams()
  const state = useMemo(() => readMyLessonsState(query, home), [query, home])
  const update = useCallback(
    (patch: Partial<MyLessonsState>, options: { push?: boolean } = {}) => {
      setQuery((current) => writeMyLessonsState({ ...readMyLessonsState(current, home), ...patch }, home), {
        replace: !options.push,
      })
    },
    [setQuery, home],
  )
  return { state, update }
}
