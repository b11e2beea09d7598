import { useDebouncedValue } from '@mantine/hooks'
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import * as v from 'valibot'
import { validResponse } from '../../domain/api/auth.ts'
import { emailSchema } from '../../domain/api/common.ts'
import { profileResponse } from '../../domain/api/profile.ts'
import {
  type StudentSignUp,
  type TeacherSignUp,
  teacherSignUpResponse,
} from '../../domain/api/registration.ts'
import { FIELD_VALIDATION_DEBOUNCE_MS } from '../../domain/constants.ts'
import { ApiError } from './api-error.ts'
import { http } from './http.ts'
import { profileKeys } from './profile.ts'
import { getSession, markRegistrationCompleted } from './session.ts'
import { postMultipart } from './upload.ts'

// /registration: e-mail availability (POST /users/validate_email), POST /teachers/sign_up and POST
// /students/sign_up (multipart: payload + image [+ video]).

export const registrationKeys = {
  all: ['registration'] as const,
  email: (email: string) => [...registrationKeys.all, 'email', email] as const,
}

export type EmailAvailability = 'available' | 'taken'

async function validateEmail(email: string, signal: AbortSignal): Promise<EmailAvailability> {
  try {
    await http.post('/users/validate_email', validResponse, {
      json: { email },
      auth: false,
      inline: true,
      signal,
    })
    return 'available'
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return 'taken'
    throw error
  }
}

const normalizeEmail = (email: string) => email.trim().toLowerCase()

export const emailAvailabilityQueryOptions = (email: string) =>
  queryOptions({
    queryKey: registrationKeys.email(email),
    queryFn: ({ signal }) => validateEmail(email, signal),
    staleTime: 60_000,
    retry: false,
  })

/** Checks now (e.g. on Next), reusing a fresh answer of the debounced check. */
export const checkEmailAvailability = (client: QueryClient, email: string) =>
  client.fetchQuery(emailAvailabilityQueryOptions(normalizeEmail(email)))

export type EmailCheckState = 'idle' | 'checking' | 'available' | 'taken' | 'failed'

/**
 * product-rules.md "Validation": the address's availability, checked against the server once typing
 * stops for the field validation debounce (200 ms, "Constants and limits"; it had waited the social
 * links' 500 ms).
 */
export function useEmailAvailability(email: string): EmailCheckState {
  const normalized = normalizeEmail(email)
  const [debounced] = useDebouncedValue(normalized, FIELD_VALIDATION_DEBOUNCE_MS)
  const valid = v.is(emailSchema, debounced)
  const query = useQuery({ ...emailAvailabilityQueryOptions(debounced), enabled: valid })
  if (!v.is(emailSchema, normalized)) return 'idle'
  if (debounced !== normalized || query.isPending || query.isFetching) return 'checking'
  if (query.isError) return 'failed'
  return query.data ?? 'idle'
}

/** A mutation that uploads with progress (0–100, null when idle) and can be cancelled. */
function useUpload<I, O>(
  upload: (input: I, signal: AbortSignal, onProgress: (p: number) => void) => Promise<O>,
) {
  const [progress, setProgress] = useState<number | null>(null)
  const controller = useRef<AbortController | null>(null)
  const mutation = useMutation({
    mutationFn: async (input: I) => {
      const current = new AbortController()
      controller.current = current
      setProgress(0)
      try {
        return await upload(input, current.signal, (p) => setProgress(p))
      } finally {
        setProgress(null)
        controller.current = null
      }
    },
  })
  const cancel = useCallback(() => controller.current?.abort(), [])
  return { mutation, progress, cancel }
}

/** `payload` is teacherSignUpSchema's output: only a checked payload is sent. */
export type TeacherSignUpRequest = { payload: TeacherSignUp; image: File; video: File }

/** POST /teachers/sign_up (no session): the account then awaits an operator's verification. */
export function useTeacherSignUp() {
  return useUpload((request: TeacherSignUpRequest, signal, onProgress) =>
    postMultipart('/teachers/sign_up', teacherSignUpResponse, {
      payload: request.payload,
      files: { image: request.image, video: request.video },
      auth: false,
      inline: true,
      signal,
      onProgress: (p) => onProgress(p.fraction * 100),
    }),
  )
}

/** `payload` is studentSignUpSchema's output: only a checked payload is sent. */
export type StudentSignUpRequest = { payload: StudentSignUp; image: File | null }

/**
 * POST /students/sign_up with the session accept_invitation started. On success the stored
 * registration_completed flag becomes true (product-rules.md "Records and fields", "Roles and
 * permissions") and the new profile is cached.
 */
export function useStudentSignUp(options: { onRegistered?: () => void } = {}) {
  const client = useQueryClient()
  const { onRegistered } = options
  const upload = useUpload((request: StudentSignUpRequest, signal, onProgress) =>
    postMultipart('/students/sign_up', profileResponse, {
      payload: request.payload,
      files: { image: request.image },
      inline: true,
      signal,
      onProgress: (p) => onProgress(p.fraction * 100),
    }).then(async (answer) => {
      const session = getSession()
      if (session) client.setQueryData(profileKeys.me(session.role, session.userId), answer.data)
      // Before the flag flips: the flag moves the student away from /registration at once.
      onRegistered?.()
      markRegistrationCompleted()
      await client.invalidateQueries({ queryKey: profileKeys.all })
      return answer.data
    }),
  )
  return upload
}
