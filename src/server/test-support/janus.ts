import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type RunningJanus, startJanus } from '../platform/janus-launcher.ts'

// Debian's janus as the integration tests and the journeys start it (as they start coturn): on
// 127.0.0.1, free ports, fresh secrets, ICE on the loopback only; `stop()` ends it and removes its
// directory, so no janus outlives the test.

export async function startTestJanus(): Promise<RunningJanus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lektorium-janus-'))
  const janus = await startJanus({ dir, iceEnforceList: 'lo' })
  return {
    config: janus.config,
    async stop() {
      await janus.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** JANUS_* for a server process started with this Janus (a journey's OwnServer's env). */
export function janusEnv(janus: RunningJanus): Record<string, string> {
  const { servers, adminKey, tokenSecret } = janus.config
  return {
    JANUS_URL: servers.map((server) => server.url).join(','),
    JANUS_PUBLIC_URL: servers.map((server) => server.publicUrl).join(','),
    JANUS_ADMIN_KEY: adminKey,
    JANUS_TOKEN_SECRET: tokenSecret,
  }
}
