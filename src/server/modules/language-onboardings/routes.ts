import type { FastifyInstance } from 'fastify'
import { lackOfSlotsInput, teacherExistenceQuery } from '../../../domain/api/language-onboardings.ts'
import { currentUserWithRole } from '../../platform/auth.ts'
import { parseInput } from '../../platform/validate.ts'
import { reportLackOfSlots, teacherExists } from './service.ts'

// With authentication: GET /language_onboardings/check_teacher_existence and POST
// /language_onboardings/report_lack_of_slots. The onboarding is a student's (product-rules.md
// "Roles and permissions").
export async function languageOnboardingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.get('/language_onboardings/check_teacher_existence', guarded, async (request) => {
    const student = currentUserWithRole(request, 'student')
    const query = parseInput(teacherExistenceQuery, request.query)
    return { data: { exists: await teacherExists(ctx, student, query) } }
  })

  app.post('/language_onboardings/report_lack_of_slots', guarded, async (request, reply) => {
    const student = currentUserWithRole(request, 'student')
    const result = await reportLackOfSlots(ctx, student, parseInput(lackOfSlotsInput, request.body))
    // A new report is created (201); the same one again the same day answers the stored one (200).
    return reply.code(result.created ? 201 : 200).send({ data: result })
  })
}
