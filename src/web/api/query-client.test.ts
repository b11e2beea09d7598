import { dehydrate, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error.ts'
import { keptOnDevice, lastGoodAnswers } from './query-client.ts'

const profileKey = ['profile', 'me', 'student', 'u-1']

/** What the persister saves of `client` (the app's options, then lastGoodAnswers). */
function saved(client: QueryClient) {
  const clientState = dehydrate(client, { shouldDehydrateQuery: keptOnDevice })
  // wall clock: the persister measures the cache's age on the wall's clock
  return lastGoodAnswers({ timestamp: Date.now(), buster: 'test', clientState }).clientState.queries
}

describe('what the device keeps of the query cache', () => {
  it('keeps the last good profile when a later refetch failed, as a success', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await client.fetchQuery({
      queryKey: profileKey,
      queryFn: async () => ({ name: 'Marta' }),
      meta: { persist: true },
    })
    await client
      .fetchQuery({
        queryKey: profileKey,
        queryFn: () => Promise.reject(new ApiError({ kind: 'network', message: 'offline' })),
        meta: { persist: true },
        staleTime: 0,
      })
      .catch(() => undefined)
    expect(client.getQueryState(profileKey)?.status).toBe('error')

    const [profile] = saved(client)
    expect(profile?.state).toMatchObject({ status: 'success', data: { name: 'Marta' }, error: null })
  })

  it('keeps nothing of a query that never had an answer, or that is not marked to be kept', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await client
      .fetchQuery({
        queryKey: profileKey,
        queryFn: () => Promise.reject(new ApiError({ kind: 'network', message: 'offline' })),
        meta: { persist: true },
      })
      .catch(() => undefined)
    client.setQueryData(['lessons', 'scheduled'], { lessons: [] })

    expect(saved(client)).toEqual([])
  })
})
