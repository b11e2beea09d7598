import * as v from 'valibot'

// A form draft kept in localStorage so that what someone typed survives a reload or a lost
// connection (registration's, and the onboarding's). Read-back is validated: anything corrupt, from
// another version or too old is dropped and removed, never trusted.

const DAY_MS = 24 * 60 * 60 * 1000
/** A draft older than this is forgotten (personal and bank data should not linger). */
export const DRAFT_MAX_AGE_MS = 30 * DAY_MS
const DRAFT_VERSION = 1

export type DraftStore<T> = {
  readonly key: string
  load: () => T | null
  save: (data: T) => void
  clear: () => void
}

type DraftStoreOptions = {
  storage?: Storage | undefined
  maxAgeMs?: number
  now?: () => number
}

const envelopeSchema = v.object({
  version: v.literal(DRAFT_VERSION),
  savedAt: v.pipe(v.number(), v.finite()),
  data: v.unknown(),
})

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Drafts of a signed-in user's work (e.g. the language onboarding) live under this prefix: a
 * logout removes them all (clearUserDrafts), so the next person on the device never sees them.
 */
export const USER_DRAFT_PREFIX = 'lektorium:user-draft:'

const defaultStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage)

/** A draft under `key` whose data must satisfy `schema` when read back. */
export function createDraftStore<S extends v.GenericSchema>(
  key: string,
  schema: S,
  options: DraftStoreOptions = {},
): DraftStore<v.InferOutput<S>> {
  const storage = () => options.storage ?? defaultStorage()
  const now = options.now ?? Date.now
  const maxAge = options.maxAgeMs ?? DRAFT_MAX_AGE_MS

  function clear() {
    try {
      storage()?.removeItem(key)
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  }

  function load(): v.InferOutput<S> | null {
    let raw: string | null | undefined
    try {
      raw = storage()?.getItem(key)
    } catch {
      return null
    }
    if (raw === null || raw === undefined) return null
    const envelope = v.safeParse(envelopeSchema, parseJson(raw))
    const data = envelope.success ? v.safeParse(schema, envelope.output.data) : null
    const fresh = envelope.success && now() - envelope.output.savedAt <= maxAge
    if (!data?.success || !fresh) {
      clear()
      return null
    }
    return data.output
  }

  function save(data: v.InferOutput<S>) {
    try {
      storage()?.setItem(key, JSON.stringify({ version: DRAFT_VERSION, savedAt: now(), data }))
    } catch {
      // Quota or privacy mode: the draft then lasts as long as the page does.
    }
  }

  return { key, load, save, clear }
}

/** Removes every draft under USER_DRAFT_PREFIX (logout, api/end-session.ts). */
export function clearUserDrafts(storage: Storage | undefined = defaultStorage()): void {
  try {
    if (!storage) return
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index))
    for (const key of keys) if (key?.startsWith(USER_DRAFT_PREFIX)) storage.removeItem(key)
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}
