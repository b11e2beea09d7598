import { Trans } from '@lingui/react/macro'
import { Button, Stack } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ApiError } from '../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../api/error-messages.ts'
import { FormError } from './form-error.tsx'
import { Message } from './message.tsx'
import { PageLoader } from './page-loader.tsx'

/**
 * What a dialog shows while the queries it starts from are not all loaded: a loader, or the first
 * failure with one retry for all of them (dialogs stay open on failure, product-rules.md "States
 * and transitions").
 */
export function QueriesFallback({
  queries,
  loadingLabel,
}: {
  queries: (UseQueryResult<unknown, unknown> | undefined)[]
  loadingLabel: ReactNode
}) {
  const failed = queries.find((query) => query?.isError)
  if (!failed) return <PageLoader label={loadingLabel} />
  const error = failed.error instanceof ApiError ? apiErrorMessage(failed.error) : codeMessage('server_error')
  return (
    <Stack gap="md">
      <FormError>
        <Message of={error} />
      </FormError>
      <Button variant="default" onClick={() => void Promise.all(queries.map((query) => query?.refetch()))}>
        <Trans>Spróbuj ponownie</Trans>
      </Button>
    </Stack>
  )
}
