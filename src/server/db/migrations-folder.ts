import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The SQL migrations (drizzle-kit), applied at every start and by the PGlite import. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
