// The offline database's name, apart from lektorium-db.ts: knowing whether the device has the
// database at all needs no Dexie (the dashboard downloads Dexie when it is used).
export const OFFLINE_DATABASE = 'lektorium'

let created = false
const listeners = new Set<() => void>()

/**
 * Whether this device may hold offline data (mirrors, outbox): false only when the browser says
 * the database does not exist and this tab has not written to it since.
 */
export async function offlineStoreMayExist(): Promise<boolean> {
  if (created || typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true
  try {
    return (await indexedDB.databases()).some((database) => database.name === OFFLINE_DATABASE)
  } catch {
    return true
  }
}

/** Called when this tab opens the database: those waiting for it (the outbox watch) start. */
export function offlineStoreCreated(): void {
  if (created) return
  created = true
  for (const listener of listeners) listener()
}

export function onOfflineStoreCreated(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
