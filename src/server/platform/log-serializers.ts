import { stdSerializers } from 'pino'

// Logs hold no secrets and no one's words (decisions.md "Hostile input, caches and logs").
// - Request URLs: a signed file URL's `sig` is an hour-long key to the file (platform/file-urls.ts),
//   and the `token` of a reset or invitation link (docs/decisions.md) opens an account.
// - Database errors: drizzle's DrizzleQueryError carries the query's `params` (and repeats them in
//   its message), and PostgreSQL's `detail` quotes values ("Key (email)=(…)", "Failing row
//   contains (…)"): notes, memos and e-mail addresses.

export const REDACTED = '[redacted]'
const SECRET_QUERY_PARAMS = new Set(['sig', 'token'])
const VALUE_FIELDS = ['params', 'detail']

const decodedName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

/** `url` with the values of secret query parameters replaced (names compared as the server reads them). */
export function redactUrl(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? ''
      return SECRET_QUERY_PARAMS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair
    })
  return `${url.slice(0, at)}?${query.join('&')}`
}

type LoggedRequest = {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

/** Fastify's own request serializer, with the URL redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object'

/** The error and its causes (a short chain: drizzle's error, then the driver's). */
function chain(err: Error): Record<string, unknown>[] {
  const errors: Record<string, unknown>[] = []
  for (let at: unknown = err; isRecord(at) && errors.length < 8; at = at.cause) errors.push(at)
  return errors
}

/** pino's error serializer, with the values a query carried redacted from fields, message and stack. */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err
  const serialized = stdSerializers.err(err)
  let { message, stack } = serialized
  for (const link of chain(err)) {
    // DrizzleQueryError: "Failed query: <sql>\nparams: <values>", also the head of its stack.
    if (link.params === undefined || typeof link.message !== 'string') continue
    const safe = `${link.message.split('\nparams: ')[0]}\nparams: ${REDACTED}`
    message = message.replaceAll(link.message, safe)
    stack = stack.replaceAll(link.message, safe)
  }
  const redacted: Record<string, unknown> = { ...serialized, message, stack }
  for (const field of VALUE_FIELDS) if (redacted[field] !== undefined) redacted[field] = REDACTED
  return redacted
}
