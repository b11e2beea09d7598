import { randomUUID } from 'node:crypto'
import { PassThrough, pipeline as pipeStreams, Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { EXTENSION_BY_TYPE, MIME_BY_TYPE } from '../../domain/files.ts'
import type { S3Config } from '../config.ts'
import {
  admission,
  createLocalStorage,
  FileRejectedError,
  type FileStorage,
  filesDir,
  fileTypeOfKey,
} from './storage.ts'

// Files in an S3-compatible bucket (AWS, MinIO, Ceph, Garage, Cloudflare R2), so that
// every app node serves every file and no node keeps state of its own. Same contract as the local
// disk (storage.ts, tested against both in storage-contract.integration.test.ts):
// - `put` streams through the same admission (type by content, the kind's size limit) into a
//   multipart upload (@aws-sdk/lib-storage). The upload starts only once the content check has
//   named the type (the key's extension); a refusal or a broken source fails the body stream,
//   the multipart upload is aborted, and the key is deleted in case it was written — nothing stays.
// - `read` is a ranged GET, `list` a listing with LastModified, `removeAbandoned` aborts multipart
//   uploads a crash left behind (where the store lists them; a lifecycle rule does it otherwise).
// Files are served through the app, not as presigned URLs: docs/decisions.md "Files in S3".

/** A bucket of our own: the S3 client, and a raw copy of an already-checked file (files-to-s3). */
export type S3Storage = FileStorage & {
  /** Stores `source` of `size` bytes under `key` as it is (no check): a copy from another store. */
  copyIn(key: string, source: Readable, size: number): Promise<void>
}

/** 5 MiB parts (S3's minimum), two in flight: at most ~10 MiB of one upload in memory. */
const PART_SIZE = 5 * 1024 * 1024
const QUEUE_SIZE = 2

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode

const isMissing = (error: unknown) =>
  statusOf(error) === 404 ||
  (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey'))

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // The SDK's default CRC checksums on every request are not understood by many S3-compatible
    // stores (older MinIO, Ceph, Garage, the test's s3rver): only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

export function createS3Storage(config: S3Config, client: S3Client = createS3Client(config)): S3Storage {
  const Bucket = config.bucket

  const statObject = async (key: string) => {
    if (!fileTypeOfKey(key)) return null
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
      return { size: head.ContentLength ?? 0 }
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  const deleteObject = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
  }

  return {
    async put(source, kind) {
      const gate = admission(kind)
      // The gate holds the first bytes back until the content check has decided: its first chunk
      // out means the type (and so the key) is known. Errors of the source reach the gate.
      const gated = pipeStreams(source, gate.stream, () => {})
      const chunks = gated[Symbol.asyncIterator]()
      let failure: unknown
      const next = async () => {
        try {
          return await chunks.next()
        } catch (error) {
          failure ??= error
          throw error
        }
      }
      const first = await next()
      const type = gate.admitted()?.type
      if (first.done || !type) throw new FileRejectedError('file_type', kind)
      const key = `${randomUUID()}.${EXTENSION_BY_TYPE[type]}`
      const body = Readable.from(
        (async function* () {
          yield first.value as Buffer
          for (let chunk = await next(); !chunk.done; chunk = await next()) yield chunk.value as Buffer
        })(),
        { objectMode: false },
      )
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: MIME_BY_TYPE[type] },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      })
      try {
        await upload.done()
      } catch (error) {
        source.destroy()
        await upload.abort().catch(() => undefined)
        await deleteObject(key).catch(() => undefined)
        throw failure ?? error
      }
      const file = gate.admitted()
      if (!file) {
        await deleteObject(key).catch(() => undefined)
        throw new FileRejectedError('file_type', kind)
      }
      return { key, ...file }
    },
    stat: statObject,
    exists: async (key) => (await statObject(key)) !== null,
    read(key, range) {
      if (!fileTypeOfKey(key)) throw new Error(`not a storage key: ${key}`)
      const out = new PassThrough()
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined
      client
        .send(new GetObjectCommand({ Bucket, Key: key, ...(Range ? { Range } : {}) }))
        .then((answer) => {
          const body = answer.Body as Readable | undefined
          if (!body) return out.end()
          pipeStreams(body, out, () => {})
        })
        .catch((error: unknown) => out.destroy(error as Error))
      return out
    },
    async delete(key) {
      if (fileTypeOfKey(key)) await deleteObject(key)
    },
    async *list() {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
        for (const object of page.Contents ?? []) {
          if (!object.Key || !fileTypeOfKey(object.Key)) continue
          yield { key: object.Key, modifiedAt: object.LastModified?.getTime() ?? Date.now() }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async removeAbandoned(before) {
      let removed = 0
      let KeyMarker: string | undefined
      let UploadIdMarker: string | undefined
      do {
        let page: Awaited<ReturnType<typeof listUploads>>
        try {
          page = await listUploads(KeyMarker, UploadIdMarker)
        } catch (error) {
          // Some stores (s3rver) do not list multipart uploads: their lifecycle rule is the
          // operator's (docs/deploy.md "AbortIncompleteMultipartUpload").
          if (error instanceof Error && error.name === 'NotImplemented') return removed
          throw error
        }
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) >= before) continue
          await client.send(
            new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }),
          )
          removed++
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined
      } while (KeyMarker)
      return removed
    },
    async reachable() {
      await client.send(new HeadBucketCommand({ Bucket }))
    },
    async copyIn(key, source, size) {
      const type = fileTypeOfKey(key)
      if (!type) throw new Error(`not a storage key: ${key}`)
      const params = { Bucket, Key: key, ContentType: MIME_BY_TYPE[type] }
      if (size < PART_SIZE) {
        const chunks: Buffer[] = []
        for await (const chunk of source) chunks.push(Buffer.from(chunk))
        await client.send(new PutObjectCommand({ ...params, Body: Buffer.concat(chunks) }))
        return
      }
      await new Upload({
        client,
        params: { ...params, Body: source },
        partSize: PART_SIZE,
        queueSize: 2,
      }).done()
    },
  }

  function listUploads(KeyMarker: string | undefined, UploadIdMarker: string | undefined) {
    return client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }))
  }
}

/** The storage the configuration names: the bucket when S3_BUCKET is set, else DATA_DIR's disk. */
export function storageFor(config: { s3: S3Config | undefined; dataDir: string }): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(filesDir(config.dataDir))
}
