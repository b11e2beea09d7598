import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type SmsStatus, smsStatusResponse, smsTestResponse } from '../../domain/api/sms.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { http } from './http.ts'
import { profileKeys } from './profile-answers.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The profile's SMS notifications. GET /sms/status (whether the school sends SMS, whether the
// user's are on and to which number, why they were turned off), POST /sms/switch, POST /sms/test.

export const smsKeys = { all: ['sms'] as const }

export const smsStatusQueryOptions = () =>
  queryOptions({
    queryKey: smsKeys.all,
    queryFn: ({ signal }) => http.get('/sms/status', smsStatusResponse, { signal }).then((a) => a.data),
  })

export const useSmsStatus = () => useQuery(smsStatusQueryOptions())

export function useSwitchSms() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...smsKeys.all, 'switch'],
    mutationFn: (enabled: boolean) =>
      http.post('/sms/switch', smsStatusResponse, { json: { enabled }, inline: true }).then((a) => a.data),
    onSuccess: (status: SmsStatus) => {
      queryClient.setQueryData<SmsStatus>(smsKeys.all, status)
      // The profile carries sms_notifications_enabled too.
      void queryClient.invalidateQueries({ queryKey: profileKeys.all })
    },
  })
}

export function useSendTestSms() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...smsKeys.all, 'test'],
    mutationFn: () =>
      waitAtLeast(
        http.post('/sms/test', smsTestResponse, { json: {}, inline: true }).then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    // A number refused for good turns SMS off on the server: read where they stand again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: smsKeys.all }),
  })
}
