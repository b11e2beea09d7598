import { Center } from '@mantine/core'
import { useEffect, useState } from 'react'
import { AppLoader } from './app-loader.tsx'
import { chunkFailureAction, sessionStorageOrNull } from './chunk-reload.ts'
import { ErrorFallback } from './error-fallback.tsx'

const reloadPage = () => window.location.reload()

/**
 * A lazy chunk failed to load (a ChunkLoadError, product-rules.md "Errors"): the page reloads once
 * to fetch the current build, and if that does not help, the bilingual error screen says so — never
 * a blank page.
 */
export function ChunkFailure({ reload = reloadPage }: { reload?: () => void }) {
  const [show, setShow] = useState(false)
  useEffect(() => {
    if (chunkFailureAction(sessionStorageOrNull()) === 'reload') reload()
    else setShow(true)
  }, [reload])
  if (show) return <ErrorFallback kind="chunk" />
  return (
    <Center mih="100dvh">
      <AppLoader />
    </Center>
  )
}
