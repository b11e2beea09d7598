import { useNavigate } from 'react-router-dom'
import * as v from 'valibot'
import { endLocalSession } from './end-session.ts'
import { http } from './http.ts'
import { forgetDevicePush } from './push.ts'
import { getSession } from './session.ts'

// Logging out, apart from signing in (api/auth.ts): only signed-in screens offer it, so the login
// page does not download it (its budget: architecture.md "Loading").

/** Logout calls sign_out, clears the stored session and cached data, goes to /login. */
export function useLogout() {
  const navigate = useNavigate()
  return async () => {
    const token = getSession()?.token
    // Best effort: the token is revoked server-side when reachable; logging out works offline.
    // This browser's pushes are turned off first, while the token still counts.
    if (token)
      void forgetDevicePush(token)
        .catch(() => undefined)
        .then(() => http.post('/users/sign_out', v.unknown(), { token, silent: true }))
        .catch(() => undefined)
    await endLocalSession()
    navigate('/login', { replace: true })
  }
}
