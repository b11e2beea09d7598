import { useEffect } from 'react'
import { useRouteError } from 'react-router-dom'
import { ErrorFallback } from './error-fallback.tsx'
import { reportError } from './monitoring.ts'

/** The router's error element: errors thrown while rendering a route land here. */
export function RouteError() {
  const error = useRouteError()
  useEffect(() => reportError(error), [error])
  return <ErrorFallback />
}
