import type { Config } from '../../config.ts'

/**
 * /login/teacher (product-rules.md "Screens and routes") on the app's address: where the teacher
 * e-mails lead.
 */
export const teacherLoginLink = (config: Pick<Config, 'publicUrl'>): string =>
  `${config.publicUrl}/login/teacher`
