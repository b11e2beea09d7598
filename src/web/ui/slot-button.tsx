import '@mantine/core/styles/Tooltip.css'
import { getDefaultZIndex, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconCalendarCheck, IconCheck, IconClockX, IconLock } from '@tabler/icons-react'
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react'
import { SLOT_TOOLTIP_MS } from '../../domain/constants.ts'
import classes from './schedule-slots.module.css'
import type { SlotState } from './slot-state.ts'

export type SlotButtonProps = {
  state: SlotState
  time: string
  /** The device's time when its zone differs from Poland (design.md "Words"). */
  localTime: string | null
  /** Full accessible name: date, time and state. */
  label: string
  /** Why the slot cannot be picked now (the slot tooltips of product-rules.md "Errors"), or null. */
  hint: string | null
  faded: boolean
  /** Absent: the slot is shown, not picked (read-only views). */
  onToggle?: () => void
  /** Called with the hint when someone tries a slot they cannot pick. */
  onRefused?: (hint: string) => void
  /**
   * The grid's roving tab stop (decisions.md "Focus and keyboard"): 0 for the one slot Tab reaches,
   * else -1.
   */
  tabIndex?: number
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void
  onFocusSlot?: () => void
  /** Set on the button so the grid can move the focus to it. */
  slotId?: string
  /** The keyboard hint's id (aria-describedby). */
  describedBy?: string
}

/**
 * Under the dialogs' layer (Mantine's modal is 200, a tooltip 300 by default): a limit hint still
 * open when the booking dialog opens stays behind it, above the sticky panel.
 */
export const SLOT_TOOLTIP_Z_INDEX = getDefaultZIndex('app')

const icons: Record<SlotState, ReactNode> = {
  available: null,
  selected: <IconCheck size={14} aria-hidden />,
  scheduled: <IconCalendarCheck size={14} aria-hidden />,
  missed: <IconClockX size={14} aria-hidden />,
  unavailable: <IconLock size={14} aria-hidden />,
}

/**
 * One slot of the week view: a real button with aria-pressed when it can be selected; its hint
 * shows on hover or focus, and for 3.5 s after a refused click (SLOT_TOOLTIP_MS, product-rules.md
 * "Constants and limits").
 */
export function SlotButton({
  state,
  time,
  localTime,
  label,
  hint,
  faded,
  onToggle,
  onRefused,
  tabIndex,
  onKeyDown,
  onFocusSlot,
  slotId,
  describedBy,
}: SlotButtonProps) {
  const [pointed, setPointed] = useState(false)
  const [refusedAt, setRefusedAt] = useState<number | null>(null)
  useEffect(() => {
    if (refusedAt === null) return
    // The hint closes after 3.5 s even while the pointer or focus stays (a tap keeps both).
    const timer = setTimeout(() => {
      setRefusedAt(null)
      setPointed(false)
    }, SLOT_TOOLTIP_MS)
    return () => clearTimeout(timer)
  }, [refusedAt])
  useEffect(() => {
    if (refusedAt === null) return
    // A hint still open when the person moved on (to "Umów wybrane terminy", say) was left showing
    // with the booking dialog. The next press anywhere closes it; a press on this slot again opens
    // it anew with its click.
    const close = () => {
      setRefusedAt(null)
      setPointed(false)
    }
    document.addEventListener('pointerdown', close, true)
    return () => document.removeEventListener('pointerdown', close, true)
  }, [refusedAt])

  const content = (
    <>
      {icons[state]}
      <span className={classes.time}>
        <span>{time}</span>
        {localTime && <span className={classes.local}>({localTime})</span>}
      </span>
    </>
  )
  if (!onToggle)
    return (
      <Tooltip label={hint} disabled={!hint} withArrow multiline w={220} zIndex={SLOT_TOOLTIP_Z_INDEX}>
        <div className={classes.slot} data-state={state}>
          <span aria-hidden style={{ display: 'contents' }}>
            {content}
          </span>
          <VisuallyHidden>{label}</VisuallyHidden>
        </div>
      </Tooltip>
    )

  const refuse = () => {
    if (!hint) return
    setRefusedAt(Date.now())
    onRefused?.(hint)
  }
  return (
    <Tooltip
      label={hint}
      opened={hint !== null && (pointed || refusedAt !== null)}
      zIndex={SLOT_TOOLTIP_Z_INDEX}
      withArrow
      multiline
      w={220}
    >
      <UnstyledButton
        className={classes.slot}
        data-state={state}
        data-faded={faded || undefined}
        aria-label={label}
        aria-pressed={state === 'selected'}
        aria-disabled={hint !== null || undefined}
        aria-describedby={describedBy}
        data-slot-id={slotId}
        tabIndex={tabIndex}
        onKeyDown={onKeyDown}
        onClick={hint === null ? onToggle : refuse}
        onMouseEnter={() => setPointed(true)}
        onMouseLeave={() => setPointed(false)}
        onFocus={() => {
          setPointed(true)
          onFocusSlot?.()
        }}
        onBlur={() => {
          // Moving on from the keyboard closes a refusal's hint too.
          setPointed(false)
          setRefusedAt(null)
        }}
      >
        {content}
      </UnstyledButton>
    </Tooltip>
  )
}
