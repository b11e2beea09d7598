import path from 'node:path'
import type { Config } from '../config.ts'
import { OpsError } from './errors.ts'
import { createLocalStorage, type FileStorage, filesDir } from './storage.ts'
import { createS3Storage, type S3Storage } from './storage-s3.ts'

// `npm run ops -- files-to-s3 [--from DIR]`: a disk store (DATA_DIR/files) copied into
// the bucket under the same keys, so every row keeps naming its file. Resumable: an object already
// there with the file's size is skipped, and each copy is one PutObject or one completed multipart
// upload — a run that breaks off leaves whole objects or none, and the next run carries on.

export type CopyReport = { copied: number; skipped: number; bytes: number }

export async function copyFilesToS3(
  from: FileStorage,
  to: S3Storage,
  onFile: (key: string, copied: boolean) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 }
  for await (const { key } of from.list()) {
    const source = await from.stat(key)
    if (!source) continue // deleted meanwhile
    const there = await to.stat(key)
    if (there?.size === source.size) {
      report.skipped++
      onFile(key, false)
      continue
    }
    await to.copyIn(key, from.read(key), source.size)
    report.copied++
    report.bytes += source.size
    onFile(key, true)
  }
  return report
}

export async function filesToS3Lines(
  ctx: { config: Pick<Config, 's3' | 'dataDir'> },
  from: string | null,
): Promise<string> {
  const s3 = ctx.config.s3
  if (!s3)
    throw new OpsError('S3 is not configured: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, the keys) first.')
  const dir = path.resolve(from ?? filesDir(ctx.config.dataDir))
  const to = createS3Storage(s3)
  try {
    await to.reachable()
  } catch (error) {
    throw new OpsError(`The bucket ${s3.bucket} cannot be reached: ${(error as Error).message}`)
  }
  const report = await copyFilesToS3(createLocalStorage(dir), to)
  const megabytes = (report.bytes / 1024 / 1024).toFixed(1)
  return `Copied ${report.copied} file(s) (${megabytes} MB) from ${dir} to the bucket ${s3.bucket}; ${report.skipped} were there already.`
}
