import type { RecordingNotice } from '../../../domain/api/room.ts'

// What the room's socket says that other parts of the room act on: the recording's notices, and
// `welcome` when the socket is back in the room (they may have missed some).

export type RoomEvent = RecordingNotice | 'welcome'

export type RoomEvents = {
  emit(event: RoomEvent): void
  subscribe(listener: (event: RoomEvent) => void): () => void
}

export function createRoomEvents(): RoomEvents {
  const listeners = new Set<(event: RoomEvent) => void>()
  return {
    emit: (event) => {
      for (const listener of listeners) listener(event)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
