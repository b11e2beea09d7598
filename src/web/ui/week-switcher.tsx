import '@mantine/core/styles/Tooltip.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { WEEK_SWITCH_TOOLTIP_MS } from '../../domain/constants.ts'
import { addDays } from '../../domain/poland-time.ts'
import { SLOT_TOOLTIP_Z_INDEX } from './slot-button.tsx'
import { dayMonth, fullDate } from './slot-format.ts'
import type { WeekBounds } from './week-bounds.ts'

export type WeekSwitcherProps = {
  /** Monday of the shown week, 'YYYY-MM-DD'. */
  weekStart: string
  /** The weeks that may be shown (weekBounds: the current and the next week). */
  bounds: WeekBounds
  onChange: (weekStart: string) => void
  /** Whose week it is: a teacher reads why only two weeks show, a student why only two can be booked. */
  viewer?: 'student' | 'teacher'
}

type Side = 'previous' | 'next'

/**
 * WeekSwitcher (product-rules.md "Week switcher"): moves a week back or forward, never before
 * `bounds.min` nor beyond `bounds.max`. Trying to go further shows a tooltip explaining why; it
 * closes after 6 s. The arrows stay focusable at the limit (aria-disabled), so keyboard users get
 * the reason too.
 */
export function WeekSwitcher({ weekStart, bounds, onChange, viewer = 'student' }: WeekSwitcherProps) {
  const { t } = useLingui()
  const [hint, setHint] = useState<{ side: Side; at: number } | null>(null)
  useEffect(() => {
    if (!hint) return
    const timer = setTimeout(() => setHint(null), WEEK_SWITCH_TOOLTIP_MS)
    return () => clearTimeout(timer)
  }, [hint])

  const limitText =
    viewer === 'teacher'
      ? t`Grafik obejmuje bieżący i następny tydzień.`
      : t`Lekcje możesz umawiać tylko na bieżący i następny tydzień.`
  const blocked = { previous: weekStart <= bounds.min, next: weekStart >= bounds.max }
  const go = (side: Side) => {
    if (blocked[side]) setHint({ side, at: Date.now() })
    else {
      setHint(null)
      onChange(addDays(weekStart, side === 'next' ? 7 : -7))
    }
  }
  const name =
    weekStart === bounds.min ? t`Bieżący tydzień` : weekStart === bounds.max ? t`Następny tydzień` : null
  const range = `${dayMonth(weekStart)} – ${fullDate(addDays(weekStart, 6))}`

  const arrow = (side: Side) => (
    <Tooltip
      label={limitText}
      opened={hint?.side === side}
      withArrow
      multiline
      w={240}
      position="bottom"
      zIndex={SLOT_TOOLTIP_Z_INDEX}
    >
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={side === 'next' ? t`Następny tydzień` : t`Poprzedni tydzień`}
        aria-disabled={blocked[side] || undefined}
        data-disabled={blocked[side] || undefined}
        onClick={() => go(side)}
      >
        {side === 'next' ? (
          <IconChevronRight size={18} aria-hidden />
        ) : (
          <IconChevronLeft size={18} aria-hidden />
        )}
      </ActionIcon>
    </Tooltip>
  )

  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" role="group" aria-label={t`Wybór tygodnia`}>
      {arrow('previous')}
      <Stack gap={0} align="center" style={{ minWidth: 0 }}>
        {name && (
          <Text size="sm" c="dimmed">
            {name}
          </Text>
        )}
        <Text fw={600} ta="center" aria-live="polite">
          <VisuallyHidden>
            <Trans>Tydzień:</Trans>{' '}
          </VisuallyHidden>
          {range}
        </Text>
      </Stack>
      {arrow('next')}
      <VisuallyHidden role="status">{hint ? limitText : ''}</VisuallyHidden>
    </Group>
  )
}
