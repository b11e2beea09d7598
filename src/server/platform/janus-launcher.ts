import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { accessSync, constants, existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { JanusConfig } from '../config.ts'
import { freePort } from './free-port.ts'

// A Janus of the app's own (docs/decisions.md "The group server started by the app"): with
// JANUS_URL unset and Debian's `janus` installed, `npm start` runs one on 127.0.0.1 with a
// config written under the data directory and fresh secrets; the integration tests and the
// journeys start theirs the same way. Only the VideoRoom plugin and the HTTP and WebSocket
// transports are loaded.

export type RunningJanus = {
  /** What the app's configuration says of it (JANUS_URL, JANUS_PUBLIC_URL, the two secrets). */
  config: JanusConfig
  /** Ends the process and waits for it. */
  stop(): Promise<void>
}

export type JanusLaunch = {
  /** Where its configuration and log go (made when missing). */
  dir: string
  /** Interfaces ICE may use (`lo` in tests: host candidates on the loopback only). */
  iceEnforceList?: string
  /** How long to wait for its HTTP API (default 15 s). */
  startTimeoutMs?: number
}

/** Debian's and a source build's places of the plugins and transports. */
const LIBRARY_DIRS = [
  '/usr/lib/x86_64-linux-gnu/janus',
  '/usr/lib/aarch64-linux-gnu/janus',
  '/usr/lib/janus',
  '/opt/janus/lib/janus',
]

/** The `janus` program on the PATH, or undefined. */
export function findJanus(envPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'janus')
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {}
  }
  return undefined
}

const libraryDir = () =>
  LIBRARY_DIRS.find((dir) => existsSync(path.join(dir, 'plugins', 'libjanus_videoroom.so')))

/** Every plugin but the VideoRoom, every transport but HTTP and WebSockets: not loaded. */
const DISABLED_PLUGINS = [
  'audiobridge',
  'duktape',
  'echotest',
  'lua',
  'nosip',
  'recordplay',
  'sip',
  'streaming',
  'textroom',
  'videocall',
  'voicemail',
].map((name) => `libjanus_${name}.so`)
const DISABLED_TRANSPORTS = ['mqtt', 'nanomsg', 'pfunix', 'rabbitmq'].map((name) => `libjanus_${name}.so`)

function writeConfig(dir: string, lib: string, ports: { http: number; ws: number }, launch: JanusLaunch) {
  const adminKey = randomBytes(24).toString('base64url')
  const tokenSecret = randomBytes(24).toString('base64url')
  const nat = launch.iceEnforceList ? `nat: { ice_enforce_list = "${launch.iceEnforceList}" }\n` : ''
  writeFileSync(
    path.join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${lib}/plugins"
  transports_folder = "${lib}/transports"
  events_folder = "${lib}/events"
  loggers_folder = "${lib}/loggers"
  debug_level = 3
  token_auth = true
  token_auth_secret = "${tokenSecret}"
  admin_secret = "${randomBytes(24).toString('base64url')}"
}
${nat}plugins: { disable = "${DISABLED_PLUGINS.join(',')}" }
transports: { disable = "${DISABLED_TRANSPORTS.join(',')}" }
events: { broadcast = false }
`,
  )
  writeFileSync(
    path.join(dir, 'janus.plugin.videoroom.jcfg'),
    `general: { admin_key = "${adminKey}" lock_rtp_forward = true }\n`,
  )
  writeFileSync(
    path.join(dir, 'janus.transport.http.jcfg'),
    `general: { json = "plain" base_path = "/janus" http = true port = ${ports.http} ip = "127.0.0.1" https = false }
admin: { admin_http = false }
`,
  )
  writeFileSync(
    path.join(dir, 'janus.transport.websockets.jcfg'),
    `general: { json = "plain" ws = true ws_port = ${ports.ws} ws_ip = "127.0.0.1" wss = false }
admin: { admin_ws = false }
`,
  )
  return { adminKey, tokenSecret }
}

async function waitForInfo(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`janus exited with ${child.exitCode} while starting`)
    const up = await fetch(`${url}/info`, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`janus did not answer at ${url} within ${timeoutMs} ms`)
}

/** Starts a Janus on 127.0.0.1 on free ports; throws when it is not installed or does not start. */
export async function startJanus(launch: JanusLaunch): Promise<RunningJanus> {
  const program = findJanus()
  const lib = libraryDir()
  if (!program || !lib) throw new Error('janus is not installed (Debian: apt-get install janus)')
  const dir = path.resolve(launch.dir)
  mkdirSync(dir, { recursive: true })
  const ports = { http: await freePort(), ws: await freePort() }
  const { adminKey, tokenSecret } = writeConfig(dir, lib, ports, launch)
  const log = openSync(path.join(dir, 'janus.log'), 'w')
  const child = spawn(program, ['-F', dir, '-C', path.join(dir, 'janus.jcfg')], {
    stdio: ['ignore', log, log],
  })
  // A parent that ends without stopping it (an exit, a failed test run) takes it along.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    process.off('exit', killOnExit)
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(timer)
  }
  const url = `http://127.0.0.1:${ports.http}/janus`
  try {
    await waitForInfo(url, child, launch.startTimeoutMs ?? 15_000)
  } catch (error) {
    await stop()
    throw error
  }
  const server = { url, publicUrl: `ws://127.0.0.1:${ports.ws}` }
  return { config: { servers: [server], adminKey, tokenSecret }, stop }
}
