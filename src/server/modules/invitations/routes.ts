import type { FastifyInstance } from 'fastify'
import { acceptInvitationBody } from '../../../domain/api/auth.ts'
import { parseInput } from '../../platform/validate.ts'
import { acceptInvitation } from './service.ts'

// POST /students/accept_invitation (without authentication).
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  app.post('/students/accept_invitation', async (request) => ({
    data: await acceptInvitation(app.deps, parseInput(acceptInvitationBody, request.body).invitation_token),
  }))
}
