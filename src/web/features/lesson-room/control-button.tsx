import '@mantine/core/styles/Tooltip.css'
import { ActionIcon, Tooltip } from '@mantine/core'
import { forwardRef, type ReactNode } from 'react'

type Props = {
  label: string
  /** What a click does, when it differs from the label (a toggle's label names the device). */
  tooltip?: string
  icon: ReactNode
  onClick?: () => void
  /** On/off controls say their state (aria-pressed); plain actions leave it out. */
  pressed?: boolean
  /** Red: a control that is off (muted microphone) or that ends something (leave). */
  danger?: boolean
  disabled?: boolean
}

/** A round control of the call's toolbar: labelled, with a tooltip, reachable by keyboard. */
export const ControlButton = forwardRef<HTMLButtonElement, Props>(function ControlButton(
  { label, tooltip, icon, onClick, pressed, danger = false, disabled = false },
  ref,
) {
  return (
    <Tooltip label={tooltip ?? label} withArrow position="top">
      <ActionIcon
        ref={ref}
        size={48}
        radius={999}
        variant="filled"
        color={danger ? 'red.7' : 'dark.4'}
        onClick={onClick}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  )
})
