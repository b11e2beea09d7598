import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CAPACITY_MAX, CAPACITY_MIN } from '../../../domain/api/admin-group-classes.ts'
import { MAX_MEETINGS, type Weekday } from '../../../domain/group-classes/series.ts'
import type { CreateGroupClassBody } from '../../api/admin-group-classes.ts'
import { isDayKey } from './admin-format.ts'

// The create form of a group class (product-rules.md "Group classes"): what the operator fills in,
// and the body it becomes — or, before anything is sent, what is missing, on its field (the names
// the server gives its own field errors).

/** `key` tells the rows apart while some are removed. */
export type ExtraMeetingDraft = { key: number; date: string; time: string; units: number }

let lastKey = 0
export const newExtraMeeting = (units: number): ExtraMeetingDraft => ({
  key: ++lastKey,
  date: '',
  time: '',
  units,
})

export type GroupClassDraft = {
  teacher: { id: string; name: string }
  languageId: string
  levelId: string
  title: string
  description: string
  company: string
  capacity: number | ''
  provider: 'builtin' | 'vonage'
  /** A weekly series, or only the extra meetings. */
  weekly: boolean
  weekdays: Weekday[]
  startTime: string
  units: number
  firstDate: string
  /** The series ends after a number of meetings, or on a last date. */
  ends: 'count' | 'date'
  meetings: number | ''
  lastDate: string
  extra: ExtraMeetingDraft[]
}

export const emptyGroupClassDraft: GroupClassDraft = {
  teacher: { id: '', name: '' },
  languageId: '',
  levelId: '',
  title: '',
  description: '',
  company: '',
  capacity: 8,
  provider: 'builtin',
  weekly: true,
  weekdays: [],
  startTime: '',
  units: 2,
  firstDate: '',
  ends: 'count',
  meetings: 10,
  lastDate: '',
  extra: [],
}

export type DraftErrors = Record<string, MessageDescriptor>

const REQUIRED = msg`To pole jest wymagane`
const DATE = msg`Podaj datę jako dd.mm.rrrr`

/** The body to send, or the fields still missing (nothing is sent then). */
export function groupClassBody(
  draft: GroupClassDraft,
): { body: CreateGroupClassBody; errors: null } | { body: null; errors: DraftErrors } {
  const errors: DraftErrors = {}
  if (!draft.teacher.id) errors.teacher_id = REQUIRED
  if (!draft.languageId) errors.language_id = REQUIRED
  if (!draft.levelId) errors.level_id = REQUIRED
  if (!draft.title.trim()) errors.title = REQUIRED
  if (draft.capacity === '' || draft.capacity < CAPACITY_MIN || draft.capacity > CAPACITY_MAX)
    errors.capacity = msg`Od ${CAPACITY_MIN} do ${CAPACITY_MAX} kursantów`
  if (draft.weekly) {
    if (draft.weekdays.length === 0) errors['series.weekdays'] = msg`Wybierz co najmniej jeden dzień`
    if (!draft.startTime) errors['series.start_time'] = REQUIRED
    if (!isDayKey(draft.firstDate)) errors['series.first_date'] = draft.firstDate ? DATE : REQUIRED
    if (
      draft.ends === 'count' &&
      (draft.meetings === '' || draft.meetings < 1 || draft.meetings > MAX_MEETINGS)
    )
      errors['series.meetings'] = msg`Od 1 do ${MAX_MEETINGS} spotkań`
    if (draft.ends === 'date' && !isDayKey(draft.lastDate))
      errors['series.last_date'] = draft.lastDate ? DATE : REQUIRED
  } else if (draft.extra.length === 0) errors.series = msg`Dodaj cykl tygodniowy lub choć jedno spotkanie`
  draft.extra.forEach((meeting, index) => {
    if (!isDayKey(meeting.date)) errors[`extra.${index}.date`] = meeting.date ? DATE : REQUIRED
    if (!meeting.time) errors[`extra.${index}.time`] = REQUIRED
  })
  if (Object.keys(errors).length > 0 || draft.capacity === '') return { body: null, errors }
  const series = draft.weekly
    ? {
        weekdays: [...draft.weekdays].sort((a, b) => a - b),
        start_time: draft.startTime,
        units: draft.units,
        first_date: draft.firstDate,
        ...(draft.ends === 'count' ? { meetings: Number(draft.meetings) } : { last_date: draft.lastDate }),
      }
    : null
  return {
    errors: null,
    body: {
      teacher_id: draft.teacher.id,
      language_id: Number(draft.languageId),
      level_id: Number(draft.levelId),
      title: draft.title.trim(),
      description: draft.description.trim(),
      company_name: draft.company.trim() || null,
      capacity: draft.capacity,
      provider: draft.provider,
      series,
      extra: draft.extra.map(({ date, time, units }) => ({ date, time, units })),
    },
  }
}
