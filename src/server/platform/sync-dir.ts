import { open } from 'node:fs/promises'

/**
 * Makes the entries of `dir` durable: a file created or renamed in it is found again after a
 * power cut only once its directory has been fsynced too.
 */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
