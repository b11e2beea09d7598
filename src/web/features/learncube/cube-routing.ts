import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { paths } from '../../config/paths.ts'

/**
 * "The cube variant" (product-rules.md "Screens and routes"): a student goes straight in, never
 * through the voice-sample check. A group lesson goes to my-lessons; a lesson that is not (or no
 * longer) a cube lesson goes to the ordinary room with the same query, whose own rules apply. Null:
 * stay.
 */
export function cubeRedirect(
  lesson: Pick<Lesson, 'is_group' | 'is_learncube'>,
  search: string,
): string | null {
  if (lesson.is_group) return paths.myLessons
  if (!lesson.is_learncube) return `${paths.videoCallVonage}${search}`
  return null
}
