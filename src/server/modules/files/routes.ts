import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { parseInput } from '../../platform/validate.ts'
import { sendStoredFile } from './byte-range.ts'
import { openSignedFile } from './service.ts'

const fileParams = v.object({ key: v.string() })
// A missing signature is a wrong one (403), not a malformed request.
const fileQuery = v.object({ expires: v.optional(v.string(), ''), sig: v.optional(v.string(), '') })

// Stored files through signed URLs (platform/file-urls.ts). No bearer token: the signature is the
// permission, so an <img> or <video> element can load the file.
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.get('/files/:key', async (request, reply) => {
    const { key } = parseInput(fileParams, request.params)
    const file = await openSignedFile(
      app.deps,
      key,
      parseInput(fileQuery, request.query),
      request.headers.range,
    )
    return sendStoredFile(reply, file, `private, max-age=${file.maxAge}`)
  })
}
