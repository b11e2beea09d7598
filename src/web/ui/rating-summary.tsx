import '@mantine/core/styles/Rating.css'
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Group, Rating, Text, VisuallyHidden } from '@mantine/core'

type Props = {
  average: number | null
  /** How many ratings; left out where the answer does not say (search results, IT teachers). */
  count?: number
}

/** A teacher's rating: stars with the number and how many ratings (when known), or "no ratings yet". */
export function RatingSummary({ average, count }: Props) {
  const { i18n } = useLingui()
  if (average === null || count === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>Brak ocen</Trans>
      </Text>
    )
  const value = new Intl.NumberFormat(i18n.locale, {
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
  }).format(average)
  const ratings =
    count === undefined
      ? null
      : plural(count, { one: '# ocena', few: '# oceny', many: '# ocen', other: '# oceny' })
  return (
    <Group gap={8} wrap="nowrap">
      <Rating value={average} fractions={10} readOnly size="sm" aria-hidden />
      <Text size="sm">
        <VisuallyHidden>
          <Trans>Średnia ocena:</Trans>{' '}
        </VisuallyHidden>
        <Text component="span" fw={600} inherit>
          {value}
        </Text>
        <VisuallyHidden>
          {' '}
          <Trans>na 5</Trans>
        </VisuallyHidden>
        {ratings && (
          <Text component="span" c="dimmed" inherit>
            {' '}
            ({ratings})
          </Text>
        )}
      </Text>
    </Group>
  )
}
