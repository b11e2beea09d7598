import { useEffect, useState } from 'react'

/**
 * `value`, once it has stopped changing for `ms`. Not @mantine/hooks' useDebouncedValue: sharing it
 * with the registration's chunk would split it into a chunk of its own that the login page's entry
 * has to name (its budget: architecture.md "Loading").
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
