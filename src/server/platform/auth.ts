import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { Role } from '../../domain/api/common.ts'
import { AppError } from './errors.ts'
import { isBarred, type SignedIn, type User } from './sessions.ts'
import { findSessionUser } from './sessions-repository.ts'
import { hashToken } from './tokens.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate`; null on routes without it. */
    user: User | null
    /** The id of that user's session, set with `user`. */
    sessionId: string | null
  }
  interface FastifyInstance {
    /**
     * preHandler: requires `Authorization: Bearer <token>` of a live session (product-rules.md
     * "Roles and permissions").
     */
    authenticate: preHandlerAsyncHookHandler
    /** preHandler: a live session of any role, operators' included (modules/admin/guard.ts). */
    authenticateAnyRole: preHandlerAsyncHookHandler
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,200})$/i

/** The bearer token of a request, if it carries a well-formed one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1]
}

export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('user', null)
  app.decorateRequest('sessionId', null)
  /** Loads the session of the bearer token, of any role. */
  async function loadSession(request: FastifyRequest): Promise<User> {
    const token = bearerToken(request)
    if (!token) throw new AppError('unauthenticated')
    const { database, clock, sessionCache } = app.deps
    const now = clock.now()
    const hash = hashToken(token)
    let signedIn = sessionCache.get(hash, now)
    if (!signedIn) {
      const stamp = sessionCache.stamp()
      const found = await findSessionUser(database.db, hash, now)
      if (found) sessionCache.set(hash, found, found.expiresAt, now, stamp)
      signedIn = found
    }
    // An expired, revoked or unknown token, and an account that was deactivated or banned since the
    // sign-in, all answer 401: the client then logs out (product-rules.md "Sign-in and account
    // states").
    if (!signedIn || isBarred(signedIn.user, now)) {
      throw new AppError('unauthenticated')
    }
    request.user = signedIn.user
    request.sessionId = signedIn.sessionId
    return signedIn.user
  }
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    // An operator uses the operator APIs only (modules/admin/guard.ts), never the
    // student and teacher ones, which would otherwise take them for one of those.
    if ((await loadSession(request)).role === 'operator') throw new AppError('forbidden')
  })
  app.decorate('authenticateAnyRole', async function authenticateAnyRole(request: FastifyRequest) {
    await loadSession(request)
  })
}

/**
 * A student's or teacher's role; an operator's account never passes for either, so a
 * DTO or a viewer made of it refuses (403), should an operator ever reach such a path.
 */
export function memberRole(user: Pick<User, 'role'>): Role {
  if (user.role === 'operator') throw new AppError('forbidden')
  return user.role
}

/** The signed-in user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw new AppError('unauthenticated')
  return request.user
}

/** The signed-in user and the id of the session this request came with. */
export function currentSession(request: FastifyRequest): SignedIn {
  const user = currentUser(request)
  if (!request.sessionId) throw new AppError('unauthenticated')
  return { user, sessionId: request.sessionId }
}

/**
 * The signed-in user, who must have `role` (product-rules.md "Roles and permissions": the profile
 * path depends on the role).
 */
export function currentUserWithRole(request: FastifyRequest, role: Role): User {
  const user = currentUser(request)
  if (user.role !== role) throw new AppError('forbidden')
  return user
}

/** The signed-in user of `role` and the token of this request's session (to keep it when others are revoked). */
export function currentCaller(request: FastifyRequest, role: Role): { user: User; token: string } {
  const user = currentUserWithRole(request, role)
  const token = bearerToken(request)
  if (!token) throw new AppError('unauthenticated')
  return { user, token }
}
