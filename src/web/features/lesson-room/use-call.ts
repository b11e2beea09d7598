import { useSyncExternalStore } from 'react'
import type { CallSession, CallSnapshot } from './call/call-session.ts'

/** The call's current snapshot; the component renders again whenever the engine changes it. */
export function useCall(call: CallSession): CallSnapshot {
  return useSyncExternalStore(call.subscribe, call.getSnapshot)
}
