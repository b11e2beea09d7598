import { readdir } from 'node:fs/promises'
import path from 'node:path'

/** What a test storage directory holds: finished files and leftover temporary ones. */
export async function storedFiles(filesDir: string): Promise<{ files: string[]; temporary: string[] }> {
  const list = async (dir: string) => readdir(dir).catch(() => [])
  const files = (await list(filesDir)).filter((name) => name !== '.tmp')
  return { files: files.sort(), temporary: await list(path.join(filesDir, '.tmp')) }
}
