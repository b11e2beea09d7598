import { useMergedRef } from '@mantine/hooks'
import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react'

/** The props Mantine's Menu.Target gives its button, and those the placeholder uses. */
export type MenuTriggerProps = {
  'aria-haspopup'?: 'menu'
  'aria-expanded'?: boolean
  onPointerEnter?: () => void
  onFocus?: () => void
  onClick?: (event: MouseEvent<HTMLElement>) => void
  ref?: Ref<HTMLElement>
}

/**
 * What a lazily loaded menu receives: its trigger, and its open state, which it passes to Mantine's
 * Menu (`opened`, `onChange`).
 */
export type LoadedMenuProps = {
  target: ReactElement<MenuTriggerProps>
  opened: boolean
  onChange: (opened: boolean) => void
}

type Props = {
  target: ReactElement<MenuTriggerProps>
  /** Starts downloading the menu (when the trigger is pointed at or focused). */
  preload: () => void
  /** The loaded menu (a lazy component). */
  children: (menu: LoadedMenuProps) => ReactNode
}

/** Runs `onArrival` once, after the content of its Suspense boundary (the loaded menu) is in place. */
function OnArrival({ onArrival }: { onArrival: () => void }) {
  const arrived = useRef(onArrival)
  useEffect(() => arrived.current(), [])
  return null
}

/**
 * A menu whose code (Mantine's Menu and Popover with floating-ui, some 27 kB gzipped) loads when
 * someone reaches for it. Until then its trigger renders alone, announced as a closed menu button
 * as Mantine's Menu.Target would; pointing at it or focusing it starts the download, and the first
 * click opens the loaded menu.
 *
 * The loaded menu renders a trigger of its own in place of the placeholder, so the focus the
 * placeholder had is given to it before the menu opens: the menu then takes the focus as any of
 * Mantine's menus does, and Esc gives it back to the trigger (a menu mounted already open would
 * remember no element to give it back to, and the focus would fall to <body>).
 */
export function LazyMenu({ target, preload, children }: Props) {
  const [wanted, setWanted] = useState(false)
  const [opened, setOpened] = useState(false)
  const trigger = useRef<HTMLElement>(null)
  const ref = useMergedRef(trigger, target.props.ref)
  const refocus = useRef(false)
  const closed = cloneElement(target, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: (event) => {
      refocus.current = document.activeElement === event.currentTarget
      setWanted(true)
    },
  })
  if (!wanted) return closed
  const arrive = () => {
    if (refocus.current) trigger.current?.focus({ preventScroll: true })
    setOpened(true)
  }
  return (
    <Suspense fallback={closed}>
      {children({ target: cloneElement(target, { ref }), opened, onChange: setOpened })}
      <OnArrival onArrival={arrive} />
    </Suspense>
  )
}
