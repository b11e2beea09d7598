import { createBrowserRouter } from 'react-router-dom'
import { InvitationScreen } from '../features/auth/invitation-screen.tsx'
import { LoginScreen } from '../features/auth/login-screen.tsx'
import { PasswordResetNewScreen } from '../features/auth/password-reset-new-screen.tsx'
import { PasswordResetRequestScreen } from '../features/auth/password-reset-request-screen.tsx'
import { RegistrationScreen } from '../features/registration/registration-screen.tsx'
import { AuthLayout } from './auth-layout.tsx'
import { DashboardLayout } from './dashboard-layout.tsx'
import { dashboardRoutes } from './dashboard-screens.tsx'
import { paths } from './paths.ts'
import { RootLayout } from './root-layout.tsx'
import { RouteError } from './route-error.tsx'

// spec §2 routes. Redirects ('/', '/dashboard', bad /login/{id}, unknown paths) and access rules
// are the navigation guard's job (guard.ts), which RootLayout runs on every navigation.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: paths.login, element: <LoginScreen /> },
          { path: paths.loginAs, element: <LoginScreen /> },
          { path: paths.registration, element: <RegistrationScreen /> },
          { path: paths.passwordReset, element: <PasswordResetRequestScreen /> },
          { path: paths.passwordResetNew, element: <PasswordResetNewScreen /> },
          { path: paths.invitation, element: <InvitationScreen /> },
        ],
      },
      { path: paths.dashboard, element: <DashboardLayout />, children: dashboardRoutes },
      { path: '*', element: null },
    ],
  },
])
