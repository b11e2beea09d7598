import { useMutation } from '@tanstack/react-query'
import { acceptInvitationResponse } from '../../domain/api/auth.ts'
import { http } from './http.ts'
import { clearQueryCaches } from './query-client.ts'
import { startSession } from './session.ts'

/** Accepting a student invitation signs the student in; registration continues from there. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      http
        .post('/students/accept_invitation', acceptInvitationResponse, {
          json: { invitation_token: token },
          auth: false,
          inline: true,
        })
        .then((answer) => answer.data),
    onSuccess: async (record) => {
      await clearQueryCaches()
      startSession(record)
    },
  })
}
