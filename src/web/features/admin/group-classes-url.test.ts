import { describe, expect, it } from 'vitest'
import {
  emptyGroupClassesFilters,
  groupClassesQuery,
  readGroupClassesUrl,
  writeGroupClassesUrl,
} from './group-classes-url.ts'

const TEACHER = '6f1c1a52-4d3c-4c43-9b59-0c4f7d2f8a11'

describe('the group classes’ filters in the address', () => {
  it('reads back what it wrote, and the API gets the ids', () => {
    const filters = {
      teacher: TEACHER,
      teacher_name: 'Anna Nowak',
      language: '1',
      company: 'Orbis',
      state: 'finished' as const,
      page: 3,
    }
    const params = writeGroupClassesUrl(filters)
    expect(params.toString()).toBe(
      `teacher=${TEACHER}&teacher_name=Anna+Nowak&language=1&company=Orbis&state=finished&page=3`,
    )
    expect(readGroupClassesUrl(params)).toEqual(filters)
    expect(groupClassesQuery(filters)).toEqual({
      teacher_id: TEACHER,
      language_id: '1',
      company: 'Orbis',
      state: 'finished',
      page: 3,
    })
  })

  it('drops what it cannot use: a teacher that is no id (with its name), a state or language it does not know', () => {
    const read = readGroupClassesUrl(
      new URLSearchParams('teacher=x&teacher_name=Anna&language=abc&state=gone&page=-2&company=%20Orbis%20'),
    )
    expect(read).toEqual({ ...emptyGroupClassesFilters, company: 'Orbis' })
    expect(writeGroupClassesUrl(emptyGroupClassesFilters).toString()).toBe('')
  })
})
