// Shared with the app (src/web/api/end-session.ts), which empties the API cache on logout.
export const API_CACHE_NAME = 'lektorium-api-v1'

// The lesson lists served from the API cache carry these headers (src/web/api/http.ts).
export const SAVED_AT_HEADER = 'x-lektorium-saved-at'
export const FROM_CACHE_HEADER = 'x-lektorium-from-cache'

// Background Sync of the outbox of offline writes (src/web/offline/outbox-sync.ts).
export const OUTBOX_SYNC_TAG = 'lektorium-outbox'
export const DRAIN_OUTBOX_MESSAGE = 'DRAIN_OUTBOX'
