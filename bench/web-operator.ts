import { spawnSync } from 'node:child_process'
import * as OTPAuth from 'otpauth'

// An operator of the school's console for `npm run bench:web` (which measures the console's first
// load), made as a school makes one: `ops create-operator` e-mails a link to set the password (its
// token read from the CLI's log of the mail it wrote, as no SMTP server is set), then the first
// sign-in enrols the second factor with a code computed here, as an authenticator app would. The
// session returned has passed the second factor, so /admin opens the console itself.

const PASSWORD = 'Konsola-Bench-2026'

async function post(base: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** Signs in with `signIn(email, password)` an operator made on the server of `dataDir`. */
export async function benchOperator<T extends { token: string }>(
  base: string,
  dataDir: string,
  signIn: (email: string, password: string) => Promise<T>,
): Promise<T> {
  const email = `bench.operator.${Date.now()}@example.com`
  const made = spawnSync(process.execPath, ['src/server/cli/ops.ts', 'create-operator', email], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })
  const token = /password-reset\/new\?token=([A-Za-z0-9_-]+)/.exec(`${made.stdout}${made.stderr}`)?.[1]
  if (made.status !== 0 || !token) throw new Error(`create-operator: ${made.stdout}${made.stderr}`)
  await post(base, '/users/update_password', {
    reset_token: token,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  })
  const record = await signIn(email, PASSWORD)
  const enrolment = (await post(base, '/operator/second_factor/enrol', {}, record.token)) as {
    data: { secret: string }
  }
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolment.data.secret) }).generate()
  await post(base, '/operator/second_factor/confirm', { code }, record.token)
  // The console opens once the recovery codes are kept.
  await post(base, '/operator/second_factor/codes_kept', {}, record.token)
  return record
}
