import type { Config } from '../config.ts'
import { ConfigError } from '../config.ts'
import type { Db } from '../db/client.ts'
import { announcedPublicUrl } from '../modules/settings/public.ts'
import type { OpsCommand } from './commands.ts'

// `invite-student` run with only DATA_DIR wrote links to http://localhost:8080
// while the server listened elsewhere. The commands that e-mail links now take the address the
// running server announces (server.ts), or PUBLIC_URL when the operator sets it; never a default.

const MAILS_LINKS: ReadonlySet<OpsCommand['command']> = new Set([
  'invite-student',
  'verify-teacher',
  'create-operator',
])

export const NO_ADDRESS =
  'No Lektorium server has started on this database yet, so the address for e-mailed links is unknown: start the server once, or set PUBLIC_URL to the address people open Lektorium at.'

/**
 * The address e-mailed links start with. An explicit PUBLIC_URL wins (with a note when the server
 * announces another one); else the announced one; else the command is refused.
 */
export async function linkAddress(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  env: Record<string, string | undefined>,
  command: OpsCommand['command'],
  note: (text: string) => void,
): Promise<string> {
  if (!MAILS_LINKS.has(command)) return config.publicUrl
  const announced = await announcedPublicUrl(db)
  if (env.PUBLIC_URL) {
    if (announced !== null && announced !== config.publicUrl) {
      note(`Note: links use PUBLIC_URL ${config.publicUrl}; the server announces ${announced}.`)
    }
    return config.publicUrl
  }
  if (announced === null) throw new ConfigError(NO_ADDRESS)
  return announced
}
