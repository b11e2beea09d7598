// Where this browser can receive web push at all (decisions.md "Web push to the installed app"): an
// iPhone or iPad takes notifications only in the app added to its Home Screen, never in a Safari tab.

type NavigatorLike = { userAgent: string; maxTouchPoints?: number }

/** An iPhone, iPod or iPad (iPadOS's Safari calls itself a Mac, one with a touch screen). */
export function isAppleMobile(nav: NavigatorLike): boolean {
  return (
    /iPhone|iPad|iPod/.test(nav.userAgent) ||
    (/Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1)
  )
}

/** Opened from the Home Screen as an app (standalone), not in a browser's tab. */
export function isInstalledApp(): boolean {
  const standalone =
    typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches
  return standalone || ('standalone' in navigator && navigator.standalone === true)
}

/** An iPhone or iPad in Safari's tab: notifications need the app on the Home Screen first. */
export const needsHomeScreen = (): boolean => isAppleMobile(navigator) && !isInstalledApp()
