import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/Tooltip.css'
import { Loader, Tooltip, UnstyledButton } from '@mantine/core'
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useState } from 'react'
import classes from './control-button.module.css'

type Own = {
  /** The control's accessible name; its short name is a word of it (what a phone shows under it). */
  label: string
  short: string
  /** What a click does, when it differs from the label (a toggle's label names the device). */
  tooltip?: string
  icon: ReactNode
  onClick?: () => void
  /** On/off controls say their state (aria-pressed); plain actions leave it out. */
  pressed?: boolean
  /** Red: a control that is off (muted microphone) or that ends something (leave). */
  danger?: boolean
  disabled?: boolean
  /** Working (a capture being sent): a spinner in place of the icon, clicks ignored. */
  loading?: boolean
}
/** A menu's target (the device menu) hands its own attributes (aria-expanded…) to the button. */
type Props = Own & Omit<ComponentPropsWithoutRef<'button'>, keyof Own | 'children'>

/**
 * A round control of the lesson room's toolbar, labelled, reachable by keyboard. Its tooltip shows
 * for a mouse's hover or a keyboard's focus only, and goes with the click: a tap on a touch screen
 * would leave it standing over the call. On phones the short name stays visible under the control.
 */
export const ControlButton = forwardRef<HTMLButtonElement, Props>(function ControlButton(
  {
    label,
    short,
    tooltip,
    icon,
    onClick,
    pressed,
    danger = false,
    disabled = false,
    loading = false,
    ...rest
  },
  ref,
) {
  const [tip, setTip] = useState(false)
  return (
    <Tooltip label={tooltip ?? label} withArrow position="top" opened={tip && !disabled}>
      <UnstyledButton
        {...rest}
        ref={ref}
        className={classes.control}
        data-danger={danger || undefined}
        aria-label={label}
        aria-pressed={pressed}
        aria-busy={loading || undefined}
        disabled={disabled}
        onPointerEnter={(event) => setTip(event.pointerType === 'mouse')}
        onPointerLeave={() => setTip(false)}
        onPointerDown={() => setTip(false)}
        onFocus={(event) => setTip(event.currentTarget.matches(':focus-visible'))}
        onBlur={() => setTip(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setTip(false)
        }}
        onClick={() => {
          setTip(false)
          if (!loading) onClick?.()
        }}
      >
        <span className={classes.circle}>{loading ? <Loader size={18} color="white" /> : icon}</span>
        <span className={classes.short}>{short}</span>
      </UnstyledButton>
    </Tooltip>
  )
})
