import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts'
import { storyNow } from './story-clock.ts'

/**
 * What a test of work across a crash needs: this file's own app at the story's "now" (it plans,
 * it runs no jobs), a real SMTP server, and the environment of real server processes
 * (server-process.ts) on the app's database that run the jobs and mail through that server.
 */
export type RestartRig = {
  t: TestApp
  sink: SmtpSink
  dataDir: string
  env: Record<string, string>
  close(): Promise<void>
}

export async function openRestartRig(dirPrefix: string): Promise<RestartRig> {
  const sink = await startSmtpSink()
  const t = await buildTestApp()
  t.clock.set(storyNow())
  const dataDir = mkdtempSync(path.join(tmpdir(), dirPrefix))
  const env = {
    ...t.databaseEnv,
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    DEMO_DATA: 'false',
    JOBS_WORKER: 'true',
  }
  return {
    t,
    sink,
    dataDir,
    env,
    close: async () => {
      await t.close()
      await sink.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
