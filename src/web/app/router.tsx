import type { ReactElement } from 'react'
import { type RouteObject, useRoutes } from 'react-router-dom'
import { paths } from '../config/paths.ts'
import { type DashboardScreenKey, type ScreenKey, screenKeys, screenOf } from '../config/screens.ts'
import { LoginScreen } from '../features/auth/login-screen.tsx'
import { lazyComponent } from '../ui/lazy-component.tsx'
import { AuthLayout } from './auth-layout.tsx'
import { loadDashboardLayout } from './preload-screen.ts'
import { RootLayout } from './root-layout.tsx'

// The shell and the login ship in the entry; every other screen is a chunk of its own, downloaded
// when its route is first opened (architecture.md "Loading"). A chunk that fails to load reaches
// RootLayout's error boundary as a ChunkLoadError (product-rules.md "Errors").
const DashboardLayout = lazyComponent(async () => (await loadDashboardLayout()).DashboardLayout)
// The school's console, one chunk for all its screens (never in the app's bundles), reached through
// a small door chunk so this entry names one file for it (login budget).
const AdminRoute = lazyComponent(() =>
  import('../features/admin/admin-route.tsx').then((door) => door.AdminRoute),
)
const RegistrationScreen = lazyComponent(
  async () => (await import('../features/registration/registration-screen.tsx')).RegistrationScreen,
)
const PasswordResetRequestScreen = lazyComponent(
  async () => (await import('../features/auth/password-reset-request-screen.tsx')).PasswordResetRequestScreen,
)
const PasswordResetNewScreen = lazyComponent(
  async () => (await import('../features/auth/password-reset-new-screen.tsx')).PasswordResetNewScreen,
)
const InvitationScreen = lazyComponent(
  async () => (await import('../features/auth/invitation-screen.tsx')).InvitationScreen,
)

// The screens outside the dashboard (config/screens.ts), by name: the compiler asks for one each.
const authElements: Record<Exclude<ScreenKey, DashboardScreenKey>, ReactElement> = {
  login: <LoginScreen />,
  loginAs: <LoginScreen />,
  registration: <RegistrationScreen />,
  passwordReset: <PasswordResetRequestScreen />,
  passwordResetNew: <PasswordResetNewScreen />,
  invitation: <InvitationScreen />,
}
const isAuthScreen = (key: string): key is keyof typeof authElements => key in authElements

// The routes of product-rules.md "Screens and routes". Redirects ('/', '/dashboard', bad
// /login/{id}, unknown paths) and access rules are the navigation guard's job (guard.ts), which
// RootLayout runs on every navigation.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <AuthLayout />,
        children: screenKeys
          .filter(isAuthScreen)
          .map((key) => ({ path: screenOf(key).path, element: authElements[key] })),
      },
      // The dashboard's own screens are routed inside its chunk (dashboard-screens.tsx).
      { path: `${paths.dashboard}/*`, element: <DashboardLayout /> },
      // The school's console routes its screens inside its own chunk (features/admin).
      { path: paths.adminAll, element: <AdminRoute /> },
      { path: '*', element: null },
    ],
  },
]

/**
 * The route table in React Router's declarative mode: the data router (loaders, actions,
 * fetchers) would add about 17 kB gzipped to every page and the app uses none of it.
 */
export function AppRoutes() {
  return useRoutes(routes)
}
