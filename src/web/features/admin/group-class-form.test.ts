import { describe, expect, it } from 'vitest'
import {
  emptyGroupClassDraft,
  type GroupClassDraft,
  groupClassBody,
  newExtraMeeting,
} from './group-class-form.ts'

const filled: GroupClassDraft = {
  ...emptyGroupClassDraft,
  teacher: { id: '6f1c1a52-4d3c-4c43-9b59-0c4f7d2f8a11', name: 'Anna Nowak' },
  languageId: '1',
  levelId: '3',
  title: '  Angielski w firmie ',
  company: ' ',
  capacity: 6,
  weekdays: [3, 1],
  startTime: '18:00',
  units: 2,
  firstDate: '2099-03-02',
  ends: 'count',
  meetings: 10,
}

describe('a group class form', () => {
  it('names every missing field and sends nothing', () => {
    const { body, errors } = groupClassBody({ ...emptyGroupClassDraft, capacity: 13 })
    expect(body).toBeNull()
    expect(Object.keys(errors ?? {}).sort()).toEqual([
      'capacity',
      'language_id',
      'level_id',
      'series.first_date',
      'series.start_time',
      'series.weekdays',
      'teacher_id',
      'title',
    ])
  })

  it('becomes the body of a weekly series, its days in order and empty texts trimmed away', () => {
    expect(groupClassBody(filled).body).toEqual({
      teacher_id: filled.teacher.id,
      language_id: 1,
      level_id: 3,
      title: 'Angielski w firmie',
      description: '',
      company_name: null,
      capacity: 6,
      provider: 'builtin',
      series: { weekdays: [1, 3], start_time: '18:00', units: 2, first_date: '2099-03-02', meetings: 10 },
      extra: [],
    })
  })

  it('ends a series on a last date instead of a count, and takes extra meetings without their row keys', () => {
    const extra = { ...newExtraMeeting(1), date: '2099-04-01', time: '09:00' }
    const { body } = groupClassBody({ ...filled, ends: 'date', lastDate: '2099-03-31', extra: [extra] })
    expect(body?.series).toEqual({
      weekdays: [1, 3],
      start_time: '18:00',
      units: 2,
      first_date: '2099-03-02',
      last_date: '2099-03-31',
    })
    expect(body?.extra).toEqual([{ date: '2099-04-01', time: '09:00', units: 1 }])
  })

  it('asks for a series or one meeting, and for each extra meeting its day and time', () => {
    expect(Object.keys(groupClassBody({ ...filled, weekly: false }).errors ?? {})).toEqual(['series'])
    const half = { ...newExtraMeeting(1), date: '31.12' }
    expect(Object.keys(groupClassBody({ ...filled, weekly: false, extra: [half] }).errors ?? {})).toEqual([
      'extra.0.date',
      'extra.0.time',
    ])
  })
})
