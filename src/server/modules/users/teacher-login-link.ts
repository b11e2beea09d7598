import type { Config } from '../../config.ts'

/** spec §2 /login/teacher on the app's address: where the teacher e-mails lead. */
export const teacherLoginLink = (config: Pick<Config, 'publicUrl'>): string =>
  `${config.publicUrl}/login/teacher`
