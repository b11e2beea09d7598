import { useEffect, useState } from 'react'

/**
 * Copies text to the clipboard and says so for a moment (1.5 s, the helper toasts of
 * product-rules.md "Constants and limits"). Not Mantine's CopyButton: sharing it with the profile's
 * chunk would split it into a chunk of its own that the login page's entry has to name (its budget:
 * architecture.md "Loading").
 */
export function useCopy(): { copied: boolean; copy: (text: string) => void } {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return { copied, copy }
}
