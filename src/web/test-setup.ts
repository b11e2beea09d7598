// Unit-test setup shared by every web test (vitest.config.ts `setupFiles`).
import 'fake-indexeddb/auto'
