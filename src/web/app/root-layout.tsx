import { Suspense, useEffect, useRef } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { useProfile } from '../api/profile.ts'
import { type Session, useSession } from '../api/session.ts'
import { type GuardSession, resolveDestination } from '../config/guard.ts'
import { PARTNER_COMPANY_NAME } from '../config/partner.ts'
import { AppLoader } from './app-loader.tsx'
import { AppErrorBoundary } from './error-boundary.tsx'
import { useLendNavigate } from './navigation.ts'
import { OfflineBanner } from './offline-banner.tsx'

const guardSession = (session: Session | null): GuardSession =>
  session && {
    role: session.role,
    registrationCompleted: session.registrationCompleted,
    groupLessons: session.groupLessons,
  }

/** product-rules.md "Navigation guard": the guard also scrolls to top on every navigation. */
function useScrollToTop(pathname: string) {
  const scrolledFor = useRef(pathname)
  useEffect(() => {
    if (scrolledFor.current === pathname) return
    scrolledFor.current = pathname
    window.scrollTo(0, 0)
  }, [pathname])
}

/**
 * The root of every route: runs the navigation guard (product-rules.md "Navigation guard") on each
 * navigation (and again when the session or profile changes), and scrolls to the top on every
 * navigation. A screen that fails (its chunk did not load, or it crashed) shows the error screen
 * until the next route.
 */
export function RootLayout() {
  const location = useLocation()
  const session = useSession()
  const profile = useProfile().data
  // The last path actually shown: "arriving from a login page" is judged against it.
  const shownPath = useRef<string | null>(null)

  const destination = resolveDestination({
    path: location.pathname,
    fromPath: shownPath.current,
    session: guardSession(session),
    profile,
    partnerName: PARTNER_COMPANY_NAME,
  })

  useEffect(() => {
    if (destination === null) shownPath.current = location.pathname
  }, [destination, location.pathname])

  useScrollToTop(location.pathname)
  useLendNavigate()

  if (destination !== null) return <Navigate to={destination} replace />
  return (
    <>
      <OfflineBanner />
      <AppErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<AppLoader />}>
          <Outlet />
        </Suspense>
      </AppErrorBoundary>
    </>
  )
}
