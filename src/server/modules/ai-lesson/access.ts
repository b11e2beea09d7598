import type { FastifyRequest } from 'fastify'
import { currentUser } from '../../platform/auth.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'

/**
 * The ai-lesson screen needs ai_access, a student's (product-rules.md "Screens and routes"); anyone
 * else gets its refusal text (403, product-rules.md "Refusal texts").
 */
export function aiStudent(request: FastifyRequest): User {
  const user = currentUser(request)
  if (user.role !== 'student' || !user.aiAccess) throw new AppError('ai_access_denied')
  return user
}
