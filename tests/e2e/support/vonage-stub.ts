import { generateKeyPairSync, randomUUID, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// Vonage's video REST API is an outside service: the journeys stand it in at its
// boundary, in the test process. It answers what the server's @vonage/video calls as Vonage's
// documentation says — POST /session/create (a form) with `[{ session_id }]`, an archive's start,
// stream selection and stop — and keeps every request. The app's key pair is made here, so the
// tokens the server signs can be checked.

export type VonageRequest = { method: string; path: string; body: string }

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

function send(response: ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(body === undefined ? undefined : JSON.stringify(body))
}

export class VonageStub {
  readonly applicationId = randomUUID()
  readonly requests: VonageRequest[] = []
  private readonly privateKeyPem: string
  private readonly publicKeyPem: string
  private server: Server | null = null
  private base = ''
  private sessions = 0
  private archives = 0

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    this.privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    this.publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  }

  /** The server's environment: lessons through Vonage, its API at this stand-in. */
  get env(): Record<string, string> {
    return {
      VIDEO_PROVIDER: 'vonage',
      VONAGE_APPLICATION_ID: this.applicationId,
      VONAGE_PRIVATE_KEY: this.privateKeyPem,
      VONAGE_API_URL: this.base,
    }
  }

  /** Requests of `method` whose path ends with `suffix`. */
  of(method: string, suffix: string): VonageRequest[] {
    return this.requests.filter((request) => request.method === method && request.path.endsWith(suffix))
  }

  /** Whether `jwt` was signed with the app's private key (RS256), as Vonage checks a client token. */
  signedByApp(jwt: string): boolean {
    const [header, payload, signature] = jwt.split('.')
    if (!header || !payload || !signature) return false
    return verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      this.publicKeyPem,
      Buffer.from(signature, 'base64url'),
    )
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      this.answer(request, response).catch((error: unknown) =>
        send(response, 500, { message: String(error) }),
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    this.base = `http://127.0.0.1:${port}`
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET'
    const path = new URL(request.url ?? '/', this.base).pathname
    this.requests.push({ method, path, body: await bodyOf(request) })
    const project = `/v2/project/${this.applicationId}`
    if (method === 'POST' && path === '/session/create') {
      this.sessions += 1
      return send(response, 200, [{ session_id: `2_MX4stub-session-${this.sessions}` }])
    }
    if (method === 'GET' && path.startsWith(`${project}/session/`) && path.endsWith('/stream'))
      return send(response, 200, { count: 0, items: [] })
    if (method === 'POST' && path === `${project}/archive`) {
      this.archives += 1
      return send(response, 200, { id: `stub-archive-${this.archives}`, status: 'started' })
    }
    const archive = new RegExp(`^${project}/archive/([^/]+)(/streams|/stop)?$`).exec(path)
    if (archive) {
      const [, id, tail] = archive
      if (method === 'PATCH' && tail === '/streams') return send(response, 204)
      if (method === 'POST' && tail === '/stop') return send(response, 200, { id, status: 'stopped' })
      if (method === 'GET' && !tail) return send(response, 200, { id, status: 'stopped', url: null })
      if (method === 'DELETE' && !tail) return send(response, 204)
    }
    send(response, 404, { message: 'not found' })
  }
}
