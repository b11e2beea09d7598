import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { updateSettingsBody } from '../../domain/api/admin.ts'
import { operatorSettingsResponse } from '../../domain/api/admin-answers.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { adminKeys } from './admin.ts'
import { http } from './http.ts'
import { settingsKeys } from './settings.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The console's Settings (product-rules.md "Records and fields"): GET /admin/settings/show and POST
// /admin/settings/update, the same service as `ops settings`.

export type OperatorSettings = v.InferOutput<typeof operatorSettingsResponse>['data']
export type SettingsChanges = v.InferInput<typeof updateSettingsBody>

export const adminSettingsKeys = { show: () => [...adminKeys.all, 'settings'] as const }

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminSettingsKeys.show(),
    queryFn: ({ signal }) =>
      http.get('/admin/settings/show', operatorSettingsResponse, { signal }).then((a) => a.data),
  })

export const useAdminSettings = () => useQuery(adminSettingsQueryOptions())

/** Field errors (400 validation_failed) are shown on the form's fields, hence `inline`. */
export function useUpdateAdminSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: SettingsChanges) =>
      waitAtLeast(
        http
          .post('/admin/settings/update', operatorSettingsResponse, { json: changes, inline: true })
          .then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsKeys.show(), saved)
      // The change is audited: the log's pages and the public settings are stale now.
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] })
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all })
    },
  })
}
