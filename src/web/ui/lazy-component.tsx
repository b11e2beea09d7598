import { type ComponentType, lazy } from 'react'
import { loadChunk } from './chunk-load.ts'

/**
 * React.lazy through loadChunk: the component's code is a chunk of its own, downloaded the first
 * time it renders; a failure or time-out throws a ChunkLoadError to the nearest error boundary.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loadChunk(load).then((component) => ({ default: component })))
}
