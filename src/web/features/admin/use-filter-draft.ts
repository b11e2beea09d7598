import { useLingui } from '@lingui/react/macro'
import { type FormEvent, useEffect, useState } from 'react'
import { isDayTypo } from './admin-date-field.tsx'

type RangeFilters = { from: string; to: string; page: number }

/**
 * A console list's filter form: a draft of the filters in the address, applied from the first page
 * once its range of days (`from`–`to`) is whole and in order. `tidy` shapes what is applied
 * (trimmed texts).
 */
export function useFilterDraft<F extends RangeFilters>(
  value: F,
  onApply: (filters: F) => void,
  tidy: (draft: F) => F = (draft) => draft,
) {
  const { t } = useLingui()
  const [draft, setDraft] = useState(value)
  const [submitted, setSubmitted] = useState(false)
  // The draft follows the address when it changes, not each time the screen renders anew (the
  // screen reads a new object from the address every render: a typed day would be lost).
  const address = JSON.stringify(value)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `address` stands for `value`.
  useEffect(() => setDraft(value), [address])
  const typo = isDayTypo(draft.from) || isDayTypo(draft.to)
  const rangeError =
    !typo && draft.from && draft.to && draft.from > draft.to ? t`Koniec zakresu jest przed początkiem` : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!rangeError && !typo) onApply({ ...tidy(draft), page: 1 })
  }
  return { draft, setDraft, submitted, rangeError, submit }
}
