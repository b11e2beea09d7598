import { useRef } from 'react'

// React keys for a day's interval rows. Intervals have no id of their own and their index is the
// path their errors use; a stable key per row keeps focus in the right picker when a row above is
// removed.

let counter = 0
const newKey = () => {
  counter += 1
  return `row-${counter}`
}

export function useRowKeys(length: number) {
  const keys = useRef<string[]>([])
  // A form that was replaced (loaded, reset) gets fresh keys.
  if (keys.current.length !== length) keys.current = Array.from({ length }, newKey)
  return {
    keys: keys.current,
    added: () => {
      keys.current = [...keys.current, newKey()]
    },
    removed: (index: number) => {
      keys.current = keys.current.filter((_, i) => i !== index)
    },
  }
}
