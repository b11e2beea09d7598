import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { lessonPageResponse } from '../../domain/api/my-lessons.ts'
import { lessonFixture, lessonId } from '../test-support/lesson-fixture.ts'
import { lessonListsTable } from './lektorium-db.ts'
import {
  clearLessonMirror,
  LESSON_MIRROR_MAX_ROWS,
  loadLessonList,
  saveLessonList,
} from './lesson-lists-mirror.ts'

const USER = '0b9d7d3e-8a3c-4f5e-9a51-6c1f0f3f2a11'
const address = { userId: USER, list: 'scheduled', query: '' }
const schema = v.object({ lessons: v.array(v.string()) })

afterEach(() => clearLessonMirror())

describe('lesson mirror', () => {
  it('gives back what was saved, with when', async () => {
    await saveLessonList(address, { lessons: ['a'] }, 1_000)
    expect(await loadLessonList(address, schema)).toEqual({ answer: { lessons: ['a'] }, savedAt: 1_000 })
    expect(await loadLessonList({ ...address, userId: 'someone-else' }, schema)).toBeNull()
  })

  it('forgets a row that no longer reads as the answer (an older build)', async () => {
    await saveLessonList(address, { lessons: 'not a list' })
    expect(await loadLessonList(address, schema)).toBeNull()
    expect(await lessonListsTable().count()).toBe(0)
  })

  it('keeps only the most recent answers', async () => {
    for (let i = 0; i < LESSON_MIRROR_MAX_ROWS + 3; i++) {
      await saveLessonList({ ...address, query: `page=${i}` }, { lessons: [] }, i)
    }
    expect(await lessonListsTable().count()).toBe(LESSON_MIRROR_MAX_ROWS)
    expect(await loadLessonList({ ...address, query: 'page=0' }, schema)).toBeNull()
    expect(
      await loadLessonList({ ...address, query: `page=${LESSON_MIRROR_MAX_ROWS + 2}` }, schema),
    ).not.toBeNull()
  })

  it('keeps the group tab’s meetings with their class, and reads copies kept before classes were', async () => {
    const group = {
      class_id: lessonId(7),
      title: 'Niemiecki w pracy B1',
      absent_at: '2026-11-26T09:00:00.000Z',
    }
    const meeting = lessonFixture({ is_group: true, group })
    const { group: _left, ...older } = lessonFixture({ id: lessonId(2), is_group: true })
    const page = { data: [meeting, older], currentPage: 1, lastPage: 1, perPage: 50, total: 2 }
    const groupList = { ...address, list: 'group', query: '/lessons/list_group?page=1&per_page=50' }
    await saveLessonList(groupList, page, 2_000)
    const kept = await loadLessonList(groupList, lessonPageResponse)
    expect(kept?.answer.data.map((lesson) => lesson.group)).toEqual([group, null])
  })
})
