import type { FastifyRequest } from 'fastify'
import { currentUser } from '../../platform/auth.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'

/** spec §2 ai-lesson needs ai_access (a student's); anyone else gets spec §8's text (403). */
export function aiStudent(request: FastifyRequest): User {
  const user = currentUser(request)
  if (user.role !== 'student' || !user.aiAccess) throw new AppError('ai_access_denied')
  return user
}
