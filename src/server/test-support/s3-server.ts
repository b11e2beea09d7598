import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3Config } from '../config.ts'
import { freePort } from '../platform/free-port.ts'

// A stand-in for an outside service (docs/decisions.md "Files in S3"): an S3-compatible
// server in the test's own process, on 127.0.0.1 and a free port, keeping its objects in a
// temporary directory. s3rver speaks the S3 REST API (signed requests, ranged GETs, multipart
// uploads, listings) with no binary to download and nothing to run beside the tests.

export type S3StandIn = {
  config: S3Config
  /** The S3_* variables for a server process. */
  env: Record<string, string>
  close(): Promise<void>
}

export async function startS3StandIn(bucket = 'lektorium-test'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), 'lk-s3-'))
  const port = await freePort()
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  })
  await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  // s3rver's own fixed credentials.
  const config: S3Config = {
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }
  return {
    config,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
