import { chmodSync, rmSync } from 'node:fs'
import http from 'node:http'
import * as v from 'valibot'
import { AppError, OpsError } from '../platform/errors.ts'
import type { MailLog } from '../platform/mail.ts'
import { type OpsCommand, opsCommandSchema } from './commands.ts'

// The embedded database allows one process per data directory, so while the server runs, the ops
// CLI hands its command to the server through a Unix socket in the data directory (issue #2).

export type OpsReply = { ok: true; output: string } | { ok: false; error: string }

const opsReplySchema = v.variant('ok', [
  v.object({ ok: v.literal(true), output: v.string() }),
  v.object({ ok: v.literal(false), error: v.string() }),
])

const MAX_BODY = 64 * 1024

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += bytes.length
    if (size > MAX_BODY) throw new OpsError('The command is too large.')
    chunks.push(bytes)
  }
  // Decoded once at the end: a multi-byte character may straddle two chunks.
  return Buffer.concat(chunks).toString('utf8')
}

async function answer(
  request: http.IncomingMessage,
  run: (cmd: OpsCommand) => Promise<string>,
): Promise<OpsReply> {
  try {
    const parsed = v.safeParse(opsCommandSchema, JSON.parse(await readBody(request)))
    if (!parsed.success) return { ok: false, error: `Invalid command: ${parsed.issues[0]?.message ?? ''}` }
    return { ok: true, output: await run(parsed.output) }
  } catch (error) {
    if (error instanceof OpsError || error instanceof AppError) return { ok: false, error: error.message }
    if (error instanceof SyntaxError) return { ok: false, error: 'Invalid command: not JSON.' }
    throw error
  }
}

/**
 * Listens on `socketPath` (mode 0600: only the server's user may send commands). The caller holds
 * the data directory's lock, so a socket file left by a crashed server can be replaced.
 */
export async function startOpsSocket(
  socketPath: string,
  run: (cmd: OpsCommand) => Promise<string>,
  log: MailLog,
): Promise<{ close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    answer(request, run)
      .catch((err: unknown): OpsReply => {
        log.error({ err }, 'ops command failed')
        return { ok: false, error: 'The command failed on the server; see its log.' }
      })
      .then((reply) => {
        response.writeHead(reply.ok ? 200 : 400, { 'content-type': 'application/json' })
        response.end(JSON.stringify(reply))
      })
  })
  rmSync(socketPath, { force: true })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  chmodSync(socketPath, 0o600)
  log.info({ socketPath }, 'ops socket listening')
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        rmSync(socketPath, { force: true })
      }),
  }
}

/** Sends one command to a running server; rejects when nothing listens on the socket. */
export function sendOpsCommand(socketPath: string, cmd: OpsCommand): Promise<OpsReply> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath, method: 'POST', path: '/', headers: { 'content-type': 'application/json' } },
      (response) => {
        readBody(response)
          .then((body) => {
            const reply = v.safeParse(opsReplySchema, JSON.parse(body))
            if (reply.success) resolve(reply.output)
            else reject(new Error('The server sent an unexpected answer.'))
          })
          .catch(reject)
      },
    )
    request.on('error', reject)
    request.end(JSON.stringify(cmd))
  })
}
