import { cloneElement, type ReactElement, type ReactNode, Suspense, useState } from 'react'

/** The props Mantine's Menu.Target gives its button, and those the placeholder uses. */
export type MenuTriggerProps = {
  'aria-haspopup'?: 'menu'
  'aria-expanded'?: boolean
  onPointerEnter?: () => void
  onFocus?: () => void
  onClick?: () => void
}

/** What a lazily loaded menu receives: its trigger, and to open at once. */
export type LoadedMenuProps = { target: ReactElement<MenuTriggerProps>; defaultOpened: boolean }

type Props = {
  target: ReactElement<MenuTriggerProps>
  /** Starts downloading the menu (when the trigger is pointed at or focused). */
  preload: () => void
  /** The loaded menu (a lazy component), given the trigger. */
  children: (target: ReactElement<MenuTriggerProps>) => ReactNode
}

/**
 * A menu whose code (Mantine's Menu and Popover with floating-ui, some 27 kB gzipped) loads when
 * someone reaches for it. Until then its trigger renders alone, announced as a closed menu button
 * as Mantine's Menu.Target would; pointing at it or focusing it starts the download, and the first
 * click opens the loaded menu.
 */
export function LazyMenu({ target, preload, children }: Props) {
  const [wanted, setWanted] = useState(false)
  const closed = cloneElement(target, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setWanted(true),
  })
  if (!wanted) return closed
  return <Suspense fallback={closed}>{children(target)}</Suspense>
}
