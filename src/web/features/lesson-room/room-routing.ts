import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { asksForBuiltinRoom, paths } from '../../config/paths.ts'

/**
 * The video call routing of product-rules.md "Screens and routes", for someone who opens the room's
 * address directly: a group lesson outside any group class goes to my-lessons (a group class's
 * meeting has the group room), a cube lesson to its own route, a student
 * without a voice sample to voice-confirmation first (keeping the query); a teacher goes straight
 * in. Null: stay. `room=builtin` keeps a cube lesson here: the cube screen's fallback when the
 * school has no LearnCube classroom; the voice check applies then, as in any ordinary room.
 */
export function roomRedirect(
  lesson: Pick<Lesson, 'is_group' | 'is_learncube' | 'group'>,
  role: Role,
  hasVoiceSample: boolean,
  search: string,
): string | null {
  if (lesson.is_group && !lesson.group) return paths.myLessons
  if (lesson.is_learncube && !asksForBuiltinRoom(search)) return `${paths.videoCallLearnCube}${search}`
  if (role === 'student' && !hasVoiceSample) return `${paths.voiceConfirmation}${search}`
  return null
}
