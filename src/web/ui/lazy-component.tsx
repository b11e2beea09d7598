import { type ComponentType, lazy, useState } from 'react'
import { loadChunk } from './chunk-load.ts'

/**
 * React.lazy through loadChunk: the component's code is a chunk of its own, downloaded the first
 * time it renders (or when `preload` is called); a failure or time-out throws a ChunkLoadError to
 * the nearest error boundary.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const component = lazy(() => loadChunk(load).then((loaded) => ({ default: loaded })))
  return Object.assign(component, { preload: () => void load().catch(() => undefined) })
}

/**
 * True from the first time `opened` is: a lazy dialog or drawer is rendered (and its chunk
 * downloaded) when first opened, and stays mounted afterwards so it can close with its transition.
 */
export function useEverOpened(opened: boolean): boolean {
  const [ever, setEver] = useState(opened)
  if (opened && !ever) setEver(true)
  return ever || opened
}
