import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  operatorMeResponse,
  recoveryCodesResponse,
  secondFactorEnrolmentResponse,
} from '../../domain/api/admin-answers.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { http } from './http.ts'
import { useSession } from './session.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The school's console: the operator and the second factor of this session. The console's other
// areas have their own modules (admin-settings.ts, admin-audit.ts, ...), all under the `admin`
// query keys, so logging out or a new sign-in drops them together.

export const adminKeys = {
  all: ['admin'] as const,
  me: (userId: string) => [...adminKeys.all, 'me', userId] as const,
}

export type OperatorMe = v.InferOutput<typeof operatorMeResponse>['data']

export const operatorMeQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.me(userId),
    queryFn: ({ signal }) => http.get('/operator/me', operatorMeResponse, { signal }).then((a) => a.data),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** The signed-in operator and whether this session must enrol, verify or has passed. */
export function useOperatorMe() {
  const userId = useSession()?.userId ?? ''
  return useQuery({ ...operatorMeQueryOptions(userId), enabled: userId !== '' })
}

/** Once the second factor is passed, the console's screens may ask the /admin APIs. */
function usePassSecondFactor() {
  const queryClient = useQueryClient()
  const userId = useSession()?.userId ?? ''
  return () =>
    queryClient.setQueryData<OperatorMe>(
      adminKeys.me(userId),
      (me) => me && { ...me, second_factor: 'passed' },
    )
}

/**
 * POST /operator/second_factor/enrol: a new secret to add to an authenticator app. Asked once per
 * enrolment screen (a query, so a re-render or React's double mount never asks twice: each answer
 * replaces the previous secret) and never again on its own.
 */
export function useEnrolment() {
  const userId = useSession()?.userId ?? ''
  return useQuery({
    queryKey: [...adminKeys.all, 'enrolment', userId],
    queryFn: () =>
      http
        .post('/operator/second_factor/enrol', secondFactorEnrolmentResponse, { inline: true })
        .then((a) => a.data),
    enabled: userId !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

/** POST /operator/second_factor/confirm: the first code; the answer's recovery codes show once. */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (code: string) =>
      waitAtLeast(
        http
          .post('/operator/second_factor/confirm', recoveryCodesResponse, { json: { code }, inline: true })
          .then((a) => a.data.recovery_codes),
        SPINNER_MIN_MS,
      ),
  })
}

/**
 * POST /operator/second_factor/codes_kept: the operator has kept the recovery codes, and only then
 * does the server open the console's APIs to this session; the console opens.
 */
export function useFinishEnrolment() {
  const pass = usePassSecondFactor()
  return useMutation({
    mutationFn: () =>
      waitAtLeast(
        http.post('/operator/second_factor/codes_kept', v.unknown(), { inline: true }),
        SPINNER_MIN_MS,
      ),
    onSuccess: pass,
  })
}

/**
 * POST /operator/second_factor/new_codes: new recovery codes for a session that passed the second
 * factor but lost the page with the codes (a reload) before keeping them; the old ones stop working.
 */
export function useRenewRecoveryCodes() {
  return useMutation({
    mutationFn: () =>
      waitAtLeast(
        http
          .post('/operator/second_factor/new_codes', recoveryCodesResponse, { inline: true })
          .then((a) => a.data.recovery_codes),
        SPINNER_MIN_MS,
      ),
  })
}

export type SecondFactorInput = { code: string } | { recovery_code: string }

/** POST /operator/second_factor/verify: a code of the app, or one unused recovery code. */
export function useVerifySecondFactor() {
  const pass = usePassSecondFactor()
  return useMutation({
    mutationFn: (input: SecondFactorInput) =>
      waitAtLeast(
        http.post('/operator/second_factor/verify', v.unknown(), { json: input, inline: true }),
        SPINNER_MIN_MS,
      ),
    onSuccess: pass,
  })
}
