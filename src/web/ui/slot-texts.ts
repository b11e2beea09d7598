import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { SlotState } from './slot-state.ts'

type Options = { graceHours: number; limit: number; viewer: 'student' | 'teacher' }

/** The words of the slot states (screen readers) and the slot tooltips of product-rules.md "Errors". */
export function useSlotTexts({ graceHours, limit, viewer }: Options) {
  const { t } = useLingui()
  const hours = plural(graceHours, {
    one: '# godzinę',
    few: '# godziny',
    many: '# godzin',
    other: '# godziny',
  })
  const lessons = plural(limit, {
    one: '# zaplanowaną lekcję',
    few: '# zaplanowane lekcje',
    many: '# zaplanowanych lekcji',
    other: '# zaplanowanej lekcji',
  })
  const teacher = viewer === 'teacher'
  const scheduled = teacher ? t`zarezerwowany` : t`masz już lekcję w tym czasie`
  // The teacher's own week spoke to her as to a student booking it.
  const missed = teacher ? t`zamknięty dla rezerwacji` : t`za późno na rezerwację`
  const state: Record<SlotState, string> = {
    available: t`wolny`,
    selected: t`wybrany`,
    scheduled,
    missed,
    unavailable: t`niedostępny`,
  }
  const hint: Record<SlotState, string | null> = {
    available: null,
    selected: null,
    scheduled: teacher ? t`Ten termin jest zarezerwowany.` : t`Masz już zaplanowaną lekcję w tym czasie.`,
    missed: t`Lekcję trzeba umówić co najmniej ${hours} przed jej rozpoczęciem.`,
    unavailable: t`Ten termin jest niedostępny.`,
  }
  return {
    state,
    hint,
    limit: t`Osiągnięto limit: możesz mieć naraz najwyżej ${lessons}.`,
    local: (time: string) => t` (u Ciebie ${time})`,
  }
}
