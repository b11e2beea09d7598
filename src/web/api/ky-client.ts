import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky'
import { ApiError, httpApiError } from './api-error.ts'

export type KyRequest = (path: string, init: Parameters<typeof ky>[1]) => Promise<Response>

/**
 * The ky instance behind http.ts (a chunk of its own): base /api/v1, no retries of its own, 30 s
 * time-out. Its failures leave as ApiErrors: an error answer with its status and body, a lost
 * connection or a time-out as a network error.
 */
export function createKyRequest(fetchImpl: typeof fetch): KyRequest {
  const client = ky.create({
    prefix: '/api/v1',
    baseUrl: typeof location === 'undefined' ? undefined : location.origin,
    // TanStack Query decides about retries (src/web/api/query-client.ts), not ky.
    retry: 0,
    timeout: 30_000,
    fetch: fetchImpl,
  })
  return async (path, init) => {
    try {
      return await client(path, init)
    } catch (error) {
      if (isHTTPError(error)) throw httpApiError(error.response.status, error.data, error)
      if (isNetworkError(error) || isTimeoutError(error)) {
        throw new ApiError({ kind: 'network', message: 'Network error!', cause: error })
      }
      throw error
    }
  }
}
