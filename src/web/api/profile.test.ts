import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { confirmProfile, PAGE_STARTED_AT, profileKeys } from './profile.ts'

const key = profileKeys.me('student', 'u-1')

/** A client whose profile query is observed (as the dashboard observes it), and its fetches. */
function observedProfile(saved?: { data: string; updatedAt: number }) {
  const fetched = vi.fn(async () => 'from the server')
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  if (saved) client.setQueryData(key, saved.data, { updatedAt: saved.updatedAt })
  new QueryObserver(client, { queryKey: key, queryFn: fetched }).subscribe(() => undefined)
  return { client, fetched }
}

describe('confirmProfile (the profile check at start)', () => {
  it('asks the server again for a profile saved on the device by an earlier page', async () => {
    const { client, fetched } = observedProfile({
      data: 'from the device',
      updatedAt: PAGE_STARTED_AT - 60_000,
    })
    expect(fetched).not.toHaveBeenCalled()

    await confirmProfile(client)

    expect(fetched).toHaveBeenCalledTimes(1)
    expect(client.getQueryData(key)).toBe('from the server')
  })

  it('keeps a profile the server gave since this page loaded (the prefetch at start)', async () => {
    // wall clock: TanStack Query measures a query's age on the wall's clock
    const { client, fetched } = observedProfile({ data: 'fetched at start', updatedAt: Date.now() })

    await confirmProfile(client)

    expect(fetched).not.toHaveBeenCalled()
    expect(client.getQueryData(key)).toBe('fetched at start')
  })

  it('waits for an answer on its way instead of asking twice', async () => {
    const { client, fetched } = observedProfile()
    expect(fetched).toHaveBeenCalledTimes(1)

    await confirmProfile(client)

    expect(fetched).toHaveBeenCalledTimes(1)
    expect(client.getQueryData(key)).toBe('from the server')
  })
})
