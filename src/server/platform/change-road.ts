import type { Change } from '../db/change-feed.ts'
import type { Database } from '../db/client.ts'

// One road for "this committed" (docs/architecture.md "After a write commits"). A writer publishes
// what its transaction changed once the transaction has committed — never inside it: a read
// between the mark and the commit would reload the old rows and keep them. What another process
// commits arrives from the database's change feed (db/change-feed.ts) and takes the same road, so
// the process's caches (the teacher board, the session cache) subscribe in one place (app.ts) and
// no writer needs to know they exist.

/** A change committed here or by another process; null: the feed was cut off, anything may have changed. */
export type ChangeListener = (change: Change | null) => void

/** What writers see of the road. */
export type CommittedChanges = {
  /** The database's triggers announce these to the other processes themselves. */
  publish(...changes: Change[]): void
  /**
   * Changes written with the announcing triggers off (the booking function: db/change-announcer.ts):
   * the road tells this process's subscribers and announces them to the other processes.
   */
  publishUnannounced(...changes: Change[]): void
}

export type ChangeRoad = CommittedChanges & {
  subscribe(listener: ChangeListener): () => void
  /** Stops taking the database's remote changes. */
  close(): void
}

export function openChangeRoad(database: Pick<Database, 'changes' | 'announcer'>): ChangeRoad {
  const listeners = new Set<ChangeListener>()
  const deliver = (change: Change | null) => {
    for (const listener of listeners) listener(change)
  }
  const stopRemote = database.changes.subscribe(deliver)
  return {
    publish(...changes) {
      for (const change of changes) deliver(change)
    },
    publishUnannounced(...changes) {
      for (const change of changes) deliver(change)
      database.announcer.announce(changes)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close: stopRemote,
  }
}
