import { hashKey, hydrate, QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { confirmProfile, profileKeys, trackProfileAnswers } from './profile.ts'

const key = profileKeys.me('student', 'u-1')

/**
 * A client whose profile query is observed (as the dashboard observes it), and its fetches; `saved`
 * is restored as the persister restores the device's copy (hydrated), stamped `updatedAt`.
 */
function observedProfile(saved?: { data: string; updatedAt: number }) {
  const fetched = vi.fn(async () => 'from the server')
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  trackProfileAnswers(client)
  if (saved)
    hydrate(client, {
      mutations: [],
      queries: [
        {
          queryKey: key,
          queryHash: hashKey(key),
          dehydratedAt: saved.updatedAt,
          state: { ...emptyState, data: saved.data, dataUpdatedAt: saved.updatedAt, status: 'success' },
        },
      ],
    })
  new QueryObserver(client, { queryKey: key, queryFn: fetched }).subscribe(() => undefined)
  return { client, fetched }
}

const emptyState = {
  dataUpdateCount: 1,
  error: null,
  errorUpdateCount: 0,
  errorUpdatedAt: 0,
  fetchFailureCount: 0,
  fetchFailureReason: null,
  fetchMeta: null,
  isInvalidated: false,
  fetchStatus: 'idle' as const,
}

describe('confirmProfile (the profile check at start)', () => {
  it('asks the server again for a profile saved on the device by an earlier page', async () => {
    // Stamped later than now (the device's clock went back since): still the device's copy.
    const { client, fetched } = observedProfile({
      data: 'from the device',
      updatedAt: Date.UTC(2100, 0, 1),
    })
    expect(fetched).not.toHaveBeenCalled()

    await confirmProfile(client)

    expect(fetched).toHaveBeenCalledTimes(1)
    expect(client.getQueryData(key)).toBe('from the server')
  })

  it('keeps a profile the server gave since this page loaded (the prefetch at start)', async () => {
    const { client, fetched } = observedProfile()
    await vi.waitFor(() => expect(client.getQueryData(key)).toBe('from the server'))

    await confirmProfile(client)

    expect(fetched).toHaveBeenCalledTimes(1)
  })

  it('waits for an answer on its way instead of asking twice', async () => {
    const { client, fetched } = observedProfile()
    expect(fetched).toHaveBeenCalledTimes(1)

    await confirmProfile(client)

    expect(fetched).toHaveBeenCalledTimes(1)
    expect(client.getQueryData(key)).toBe('from the server')
  })
})
