import { memberRole } from './auth.ts'
import type { User } from './sessions.ts'

/**
 * Who asks about a lesson: a lesson is theirs as its student or as its teacher (product-rules.md
 * "Roles and permissions"). Shared by the modules that answer for lessons (lessons, ratings, room,
 * recordings).
 */
export type Viewer = { id: string; role: 'student' | 'teacher' }

/** The signed-in user as a lesson's viewer; an operator is refused (forbidden). */
export const viewerOf = (user: Pick<User, 'id' | 'role'>): Viewer => ({ id: user.id, role: memberRole(user) })
