import type { QueryClient } from '@tanstack/react-query'
import { matchPath } from 'react-router-dom'
import { screenKeys, screenOf } from '../config/screens.ts'
import { dashboardChunks, type PreloadedScreenKey } from './screen-chunks.ts'

// A signed-in cold start begins the current screen's chunk at once, beside the layout's and the
// profile request, rather than after them (the layout shows its screen only once the profile is
// known; decisions.md "The dashboards' first load: fewer, larger chunks").

/**
 * The dashboard layout's chunk, loaded by the router when a /dashboard path first renders. Not in
 * screen-chunks.ts: the layout imports the screens, so a loader of it there would close a circle.
 */
export const loadDashboardLayout = () => import('./dashboard-layout.tsx')

const isPreloaded = (key: string): key is PreloadedScreenKey => key in dashboardChunks
const screens: [string, () => Promise<unknown>][] = screenKeys
  .filter(isPreloaded)
  .map((key) => [screenOf(key).path, dashboardChunks[key]])

/** A screen's chunk may ask for the data it always shows as soon as it has arrived. */
type ScreenModule = { prefetchScreen?: (client: QueryClient) => void }

/**
 * Starts downloading the dashboard layout and the screen of `pathname`, if it is one; once the
 * screen's code is here, its data is asked for alongside the profile rather than after it.
 */
export function preloadDashboardScreen(pathname: string, client: QueryClient): void {
  const screen = screens.find(([pattern]) => matchPath(pattern, pathname))
  if (!screen) return
  // Two tasks: each import appends a link per file it needs, which on a phone adds up to one long
  // task before the first render.
  void loadDashboardLayout().catch(() => undefined)
  setTimeout(
    () =>
      void screen[1]()
        .then((module) => (module as ScreenModule).prefetchScreen?.(client))
        .catch(() => undefined),
    0,
  )
}
