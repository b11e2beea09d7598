import type { FastifyInstance } from 'fastify'
import { bearer } from './fixtures.ts'
import type { Part } from './sample-files.ts'
import { multipart } from './sample-files.ts'

/** POSTs `payload` as JSON, or as multipart when there are files; with a session when `token` is given. */
export async function post(
  app: FastifyInstance,
  url: string,
  options: { token?: string; payload?: unknown; files?: Record<string, Part> } = {},
) {
  const auth = options.token ? bearer(options.token) : {}
  if (options.files) {
    const body = await multipart(options.payload, options.files)
    return app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    })
  }
  const payload = JSON.stringify(options.payload ?? {})
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: { 'content-type': 'application/json', ...auth },
  })
}

export const get = (app: FastifyInstance, url: string, token?: string) =>
  app.inject({
    method: 'GET',
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers: token ? bearer(token) : {},
  })
