// Shared with the app (src/web/api/end-session.ts), which empties the API cache on logout.
export const API_CACHE_NAME = 'lektorium-api-v1'
