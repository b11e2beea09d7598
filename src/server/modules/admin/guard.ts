import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { currentSession } from '../../platform/auth.ts'
import { AppError } from '../../platform/errors.ts'
import type { SignedIn } from '../../platform/sessions.ts'
import type { AuditActor } from './audit-repository.ts'
import { sessionOpensConsole } from './second-factor-repository.ts'

// Who reaches the operator APIs: signed out 401; students and teachers 403; an operator
// whose session has not passed the second factor 403 on /admin (it may only enrol or verify), and
// one that has, before the recovery codes are kept, too (it may only keep them or renew them).

async function requireOperator(request: FastifyRequest): Promise<void> {
  if (request.user?.role !== 'operator') throw new AppError('forbidden')
}

/** An operator's session, second factor or not: the enrolment and verification routes. */
export const operatorSession = (app: FastifyInstance): preHandlerAsyncHookHandler[] => [
  app.authenticateAnyRole,
  requireOperator,
]

/**
 * An operator's session that passed the second factor, the recovery codes kept: every /admin route
 * (docs/decisions.md "The console opens once the recovery codes are kept").
 */
export const operatorWithSecondFactor = (app: FastifyInstance): preHandlerAsyncHookHandler[] => [
  app.authenticateAnyRole,
  requireOperator,
  async (request) => {
    const { sessionId } = currentSession(request)
    if (!(await sessionOpensConsole(app.deps.db, sessionId))) throw new AppError('forbidden')
  },
]

/** The operator of a request its guard let through. */
export function currentOperator(request: FastifyRequest): SignedIn {
  const signedIn = currentSession(request)
  if (signedIn.user.role !== 'operator') throw new AppError('forbidden')
  return signedIn
}

/** The operator of a request as the audit log names who acted (every change is audited). */
export function operatorActor(request: FastifyRequest): AuditActor {
  const { user } = currentOperator(request)
  return { kind: 'operator', id: user.id, email: user.email }
}
