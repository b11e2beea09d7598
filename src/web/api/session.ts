import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import type { AuthRecord } from '../../domain/api/auth.ts'
import { type AccountRole, accountRoleSchema, idSchema } from '../../domain/api/common.ts'

// product-rules.md "Records and fields": local storage holds auth, role, registration_completed and
// group_lessons.
export const SESSION_KEYS = {
  auth: 'auth',
  role: 'role',
  registrationCompleted: 'registration_completed',
  groupLessons: 'group_lessons',
} as const

const storedAuthSchema = v.object({
  id: idSchema,
  role: accountRoleSchema,
  token: v.pipe(v.string(), v.nonEmpty()),
  email: v.string(),
  expires_at: v.pipe(
    v.string(),
    v.check((value) => !Number.isNaN(Date.parse(value))),
  ),
})

export type Session = {
  userId: string
  email: string
  /** An operator's session opens the console (/admin) only. */
  role: AccountRole
  token: string
  expiresAt: string
  /**
   * product-rules.md "Roles and permissions": kept locally for students; a teacher who can log in
   * has completed registration, and an operator never registers.
   */
  registrationCompleted: boolean
  groupLessons: boolean
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

// Anything but 'true' (missing, corrupt) reads as false.
function readFlag(storage: Storage, key: string): boolean {
  return storage.getItem(key) === 'true'
}

/** The session of an auth record and its two flags (as stored, or as the sign-in answered). */
function toSession(
  auth: Pick<AuthRecord, 'id' | 'role' | 'token' | 'email' | 'expires_at'>,
  registrationCompleted: boolean,
  groupLessons: boolean,
): Session {
  return {
    userId: auth.id,
    email: auth.email,
    role: auth.role,
    token: auth.token,
    expiresAt: auth.expires_at,
    registrationCompleted: auth.role !== 'student' || registrationCompleted,
    groupLessons,
  }
}

/**
 * Reads the session back from storage and validates it. Anything missing, corrupt, inconsistent
 * or expired counts as logged out, and the stale keys are removed.
 */
export function readSession(storage: Storage, now: number = Date.now()): Session | null {
  try {
    const rawAuth = storage.getItem(SESSION_KEYS.auth)
    if (rawAuth === null) return null
    const auth = v.safeParse(storedAuthSchema, parseJson(rawAuth))
    // The stored role must be the auth record's, itself a valid role.
    const valid = auth.success && storage.getItem(SESSION_KEYS.role) === auth.output.role
    if (!valid || Date.parse(auth.output.expires_at) <= now) {
      removeSession(storage)
      return null
    }
    return toSession(
      auth.output,
      readFlag(storage, SESSION_KEYS.registrationCompleted),
      readFlag(storage, SESSION_KEYS.groupLessons),
    )
  } catch {
    // Storage can be unavailable (privacy modes, quota); the app then simply starts logged out.
    return null
  }
}

export function writeSession(storage: Storage, record: AuthRecord): void {
  const { id, role, token, email, expires_at } = record
  storage.setItem(SESSION_KEYS.auth, JSON.stringify({ id, role, token, email, expires_at }))
  storage.setItem(SESSION_KEYS.role, role)
  if (role !== 'student') storage.removeItem(SESSION_KEYS.registrationCompleted)
  else storage.setItem(SESSION_KEYS.registrationCompleted, String(record.registration_completed))
  storage.setItem(SESSION_KEYS.groupLessons, String(record.only_group_lessons))
}

export function removeSession(storage: Storage): void {
  try {
    for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key)
  } catch {
    // Nothing to clean when storage is unavailable.
  }
}

// A tiny external store so React re-renders (and the guard re-runs) when the session changes.
const browserStorage = typeof window === 'undefined' ? undefined : window.localStorage
let current: Session | null = browserStorage ? readSession(browserStorage) : null
const listeners = new Set<() => void>()

function publish(next: Session | null): void {
  current = next
  for (const listener of listeners) listener()
}

export function getSession(): Session | null {
  return current
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * product-rules.md "Sign-in and account states": a successful login stores the auth record and role
 * and sets the bearer token.
 */
export function startSession(record: AuthRecord): void {
  if (!browserStorage) return
  try {
    writeSession(browserStorage, record)
  } catch {
    // Without storage the session lives in memory for this tab only.
  }
  publish(
    readSession(browserStorage) ??
      toSession(record, record.registration_completed, record.only_group_lessons),
  )
}

/**
 * product-rules.md "Sign-in and account states": logout clears auth, role, registration_completed
 * and group_lessons.
 */
export function clearSession(): void {
  if (browserStorage) removeSession(browserStorage)
  publish(null)
}

/**
 * product-rules.md "Records and fields", "Roles and permissions": after a student completes
 * registration the stored `registration_completed` flag becomes true, so the guard stops sending
 * them to /registration.
 */
export function markRegistrationCompleted(): void {
  if (!current) return
  const next = { ...current, registrationCompleted: true }
  try {
    browserStorage?.setItem(SESSION_KEYS.registrationCompleted, 'true')
  } catch {
    // Without storage the flag lives in memory for this tab only.
  }
  publish(next)
}

/** Re-reads storage, e.g. after another tab logged in or out. */
export function reloadSession(): void {
  if (browserStorage) publish(readSession(browserStorage))
}

if (typeof window !== 'undefined') {
  const keys: readonly string[] = Object.values(SESSION_KEYS)
  window.addEventListener('storage', (event) => {
    if (event.key === null || keys.includes(event.key)) reloadSession()
  })
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession)
}
