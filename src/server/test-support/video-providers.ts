import { generateKeyPairSync, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { VideoConfig } from '../config.ts'
import { mp4File } from './sample-files.ts'

// Vonage's video REST API and LearnCube's REST API are outside services: the tests
// stand them in at their boundary with this one HTTP server on 127.0.0.1, which answers as their
// documentation says, checks how the app signs its requests, and keeps every request it got.

export type StubRequest = { method: string; path: string; body: string; authorization: string | undefined }

export type VideoStub = {
  /** Config for the app: Vonage and LearnCube pointed at this stand-in. */
  video: VideoConfig
  publicKeyPem: string
  requests: StubRequest[]
  /** The session's streams Vonage reports (its videoType tells camera from screen). */
  streams: { id: string; videoType: 'camera' | 'screen' }[]
  /** What GET archive answers for the archive's status next. */
  archiveStatus: string
  /** The archive file's bytes. */
  archiveFile: Buffer
  /** Answer every request with 500 (the service is down). */
  failing: boolean
  /** Delay before each answer, in ms. */
  delayMs: number
  of(method: string, pathPrefix: string): StubRequest[]
  close(): Promise<void>
}

const APPLICATION_ID = '3f7c1f5e-1b2a-4c3d-9e8f-0a1b2c3d4e5f'

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Whether `authorization` is a JWT that the app signed with its Vonage private key (RS256). */
export function signedByApp(authorization: string | undefined, publicKeyPem: string): boolean {
  const token = authorization?.replace(/^Bearer /, '') ?? ''
  const [header, payload, signature] = token.split('.')
  if (!header || !payload || !signature) return false
  return verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    publicKeyPem,
    Buffer.from(signature, 'base64url'),
  )
}

/** The claims of a JWT (not checked). */
export const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'))

export async function startVideoStub(): Promise<VideoStub> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  let sessions = 0
  let archives = 0
  let classrooms = 0
  let base = ''
  const project = `/v2/project/${APPLICATION_ID}`

  const answer = (
    stub: VideoStub,
    request: StubRequest,
  ): { status: number; body?: unknown; bytes?: Buffer } => {
    const { method, path } = request
    if (path === '/vonage/session/create' && method === 'POST') {
      sessions += 1
      return { status: 200, body: [{ session_id: `vonage-session-${sessions}` }] }
    }
    if (path.startsWith(`/vonage${project}/session/`) && path.endsWith('/stream') && method === 'GET')
      return { status: 200, body: { count: stub.streams.length, items: stub.streams } }
    if (path === `/vonage${project}/archive` && method === 'POST') {
      archives += 1
      return { status: 200, body: { id: `vonage-archive-${archives}`, status: 'started' } }
    }
    const archive = /^\/vonage\/v2\/project\/[^/]+\/archive\/([^/]+)(\/streams|\/stop)?$/.exec(path)
    if (archive) {
      const [, id, tail] = archive
      if (tail === '/streams' && method === 'PATCH') return { status: 204 }
      if (tail === '/stop' && method === 'POST') return { status: 200, body: { id, status: 'stopped' } }
      if (!tail && method === 'DELETE') return { status: 204 }
      if (!tail && method === 'GET') {
        const available = stub.archiveStatus === 'available'
        return {
          status: 200,
          body: {
            id,
            status: stub.archiveStatus,
            url: available ? `${base}/files/${id}.mp4` : null,
            duration: 61,
            size: stub.archiveFile.length,
          },
        }
      }
    }
    if (path.startsWith('/files/') && method === 'GET') return { status: 200, bytes: stub.archiveFile }
    if (path === '/learncube/get-api-token/' && method === 'POST')
      return { status: 200, body: { token: `learncube-api-token-${stub.requests.length}` } }
    if (path === '/learncube/classrooms/' && method === 'POST') {
      classrooms += 1
      return { status: 201, body: { uuid: `learncube-classroom-${classrooms}` } }
    }
    return { status: 404, body: { message: 'not found' } }
  }

  let stub: VideoStub
  const server: Server = createServer((request, response) => {
    void (async () => {
      const got: StubRequest = {
        method: request.method ?? 'GET',
        path: (request.url ?? '/').split('?')[0] ?? '/',
        body: await bodyOf(request),
        authorization: request.headers.authorization,
      }
      stub.requests.push(got)
      if (stub.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, stub.delayMs))
      const result = stub.failing ? { status: 500, body: { message: 'down' } } : answer(stub, got)
      if (result.bytes) {
        response.writeHead(result.status, { 'content-type': 'video/mp4' }).end(result.bytes)
        return
      }
      response.writeHead(result.status, { 'content-type': 'application/json' })
      response.end(result.body === undefined ? undefined : JSON.stringify(result.body))
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  stub = {
    video: {
      defaultProvider: 'vonage',
      vonage: { applicationId: APPLICATION_ID, privateKey: privateKeyPem, apiUrl: `${base}/vonage` },
      learncube: {
        publicKey: 'learncube-public-key',
        privateKey: 'learncube-private-key-0123456789',
        apiUrl: `${base}/learncube`,
        clientUrl: `${base}/client/virtualclassroom.js`,
        styleUrl: `${base}/client/virtualclassroom.css`,
      },
    },
    publicKeyPem,
    requests: [],
    streams: [],
    archiveStatus: 'stopped',
    archiveFile: mp4File(64 * 1024),
    failing: false,
    delayMs: 0,
    of: (method, pathPrefix) =>
      stub.requests.filter((request) => request.method === method && request.path.startsWith(pathPrefix)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return stub
}
