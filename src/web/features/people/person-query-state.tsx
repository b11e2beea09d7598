import { msg } from '@lingui/core/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage } from '../../api/error-messages.ts'
import { Message } from '../../ui/message.tsx'
import { PersonProblem, PersonSkeleton } from './person-states.tsx'

const notFoundText = msg`Ten profil nie istnieje albo został usunięty.`

/**
 * The loading, not-found, forbidden and failed states of a person page; `children` renders the
 * loaded person. An id that is not a valid id is "not found" without asking the server.
 */
export function PersonQueryState<T>({
  query,
  validId,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<T, unknown>
  validId: boolean
  loadingLabel: string
  children: (data: T) => ReactNode
}) {
  if (!validId) return <PersonProblem kind="not-found" message={<Message of={notFoundText} />} />
  if (query.data !== undefined) return children(query.data)
  if (!query.isError) return <PersonSkeleton label={loadingLabel} />
  const error = query.error instanceof ApiError ? query.error : null
  if (error?.status === 404) return <PersonProblem kind="not-found" message={<Message of={notFoundText} />} />
  if (error?.status === 403)
    return <PersonProblem kind="forbidden" message={<Message of={apiErrorMessage(error)} />} />
  const message = error ? apiErrorMessage(error) : msg`Błąd podczas pobierania danych`
  return (
    <PersonProblem kind="failed" message={<Message of={message} />} onRetry={() => void query.refetch()} />
  )
}
