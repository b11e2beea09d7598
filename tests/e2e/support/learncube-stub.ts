import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

// LearnCube is an outside service: the journeys stand it in at its boundary, in the
// test process. Its REST API as the server calls it (get-api-token/, classrooms/), and its
// classroom client: a stand-in `VirtualClassroom` that shows the config it was given in its
// element, and what the validation URL answered when it asked it for its token, as LearnCube's
// own client does.

export const STUB_KEYS = {
  publicKey: 'e2e-learncube-public-key',
  privateKey: 'e2e-learncube-private-key-0123',
}
/** The API token the stub hands out: what our validation URL must pass on to the classroom. */
export const STUB_API_TOKEN = 'stub-learncube-api-token'

const CLIENT_SCRIPT = `
window.VirtualClassroom = class VirtualClassroom {
  constructor(selector, config) {
    const element = document.querySelector(selector)
    const shown = document.createElement('pre')
    shown.dataset.testid = 'stand-in-config'
    shown.textContent = JSON.stringify(config)
    const validated = document.createElement('pre')
    validated.dataset.testid = 'stand-in-validate'
    validated.textContent = 'validating…'
    element.classList.add('stand-in-classroom')
    element.replaceChildren(shown, validated)
    fetch(config.validateUrl).then(
      async (answer) => { validated.textContent = answer.status + ' ' + (await answer.text()) },
      (error) => { validated.textContent = 'failed ' + error },
    )
  }
}
`
const CLIENT_STYLE = `.stand-in-classroom { outline: 3px dashed rgb(0, 128, 128); }
.stand-in-classroom pre { white-space: pre-wrap; overflow-wrap: anywhere; }`

export type ClassroomRequest = { authorization: string | undefined; body: Record<string, unknown> }

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(Buffer.from(chunk))
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
  if (typeof parsed !== 'object' || parsed === null) throw new Error('not a JSON object')
  return Object.fromEntries(Object.entries(parsed))
}

function send(response: ServerResponse, status: number, type: string, body: string) {
  response.writeHead(status, { 'content-type': type })
  response.end(body)
}

export class LearncubeStub {
  /** Each classroom the server asked LearnCube to create. */
  readonly classrooms: ClassroomRequest[] = []
  /** Times a client script was fetched. */
  scriptLoads = 0
  private server: Server | null = null
  private base = ''

  get url(): string {
    return this.base
  }

  /** The server's environment for LearnCube pointed at this stand-in. */
  get env(): Record<string, string> {
    return {
      LEARNCUBE_PUBLIC_KEY: STUB_KEYS.publicKey,
      LEARNCUBE_PRIVATE_KEY: STUB_KEYS.privateKey,
      LEARNCUBE_API_URL: this.base,
      LEARNCUBE_CLIENT_URL: `${this.base}/client.js`,
      LEARNCUBE_STYLE_URL: `${this.base}/client.css`,
    }
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      this.answer(request, response).catch((error: unknown) =>
        send(response, 500, 'text/plain', String(error)),
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    this.server = server
    const address = server.address()
    if (!address || typeof address === 'string') throw new Error('the LearnCube stand-in is not listening')
    this.base = `http://127.0.0.1:${address.port}`
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise((resolve) => server.close(resolve))
  }

  private async answer(request: IncomingMessage, response: ServerResponse) {
    const route = `${request.method} ${request.url}`
    if (route === 'GET /client.js') {
      this.scriptLoads += 1
      return send(response, 200, 'text/javascript', CLIENT_SCRIPT)
    }
    if (route === 'GET /client.css') return send(response, 200, 'text/css', CLIENT_STYLE)
    if (route === 'POST /get-api-token/') {
      const body = await jsonBody(request)
      const known =
        body.api_public_key === STUB_KEYS.publicKey && body.api_private_key === STUB_KEYS.privateKey
      if (!known) return send(response, 401, 'application/json', '{"detail":"bad keys"}')
      return send(response, 200, 'application/json', JSON.stringify({ token: STUB_API_TOKEN }))
    }
    if (route === 'POST /classrooms/') {
      const authorization = request.headers.authorization
      if (authorization !== `Bearer ${STUB_API_TOKEN}`) return send(response, 401, 'application/json', '{}')
      const body = await jsonBody(request)
      this.classrooms.push({ authorization, body })
      const answer = { uuid: `classroom-${this.classrooms.length}`, room_token: body.room_token }
      return send(response, 201, 'application/json', JSON.stringify(answer))
    }
    send(response, 404, 'application/json', '{}')
  }
}
