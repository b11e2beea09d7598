import { describe, expect, it, vi } from 'vitest'
import { lektoriumDb } from './lektorium-db.ts'
import { OFFLINE_DATABASE, offlineStoreMayExist, onOfflineStoreCreated } from './offline-store.ts'

// The dashboard asks whether the offline database exists before downloading Dexie.
describe('whether this device holds offline data', () => {
  it('is no until the database is opened, then yes, and the waiting outbox watch starts', async () => {
    await lektoriumDb.delete()
    lektoriumDb.close()
    expect((await indexedDB.databases()).some((database) => database.name === OFFLINE_DATABASE)).toBe(false)
    expect(await offlineStoreMayExist()).toBe(false)
    const started = vi.fn()
    const stop = onOfflineStoreCreated(started)
    await lektoriumDb.open()
    expect(started).toHaveBeenCalledTimes(1)
    expect(await offlineStoreMayExist()).toBe(true)
    stop()
  })
})
