import { type ComponentType, cloneElement, type ReactElement, Suspense, useState } from 'react'
import { lazyComponent } from './lazy-component.tsx'

/** The props Mantine's Menu.Target gives its button, and those the placeholder uses. */
type TriggerProps = {
  'aria-haspopup'?: 'menu'
  'aria-expanded'?: boolean
  onPointerEnter?: () => void
  onFocus?: () => void
  onClick?: () => void
}

/** What a lazily loaded menu receives besides its own props: its trigger, and to open at once. */
export type LoadedMenuProps = { target: ReactElement<TriggerProps>; defaultOpened: boolean }

/**
 * A menu whose code (Mantine's Menu and Popover with floating-ui, some 27 kB gzipped) loads when
 * someone reaches for it (issue #10). Until then its trigger renders alone, announced as a closed
 * menu button as Mantine's Menu.Target would; pointing at it or focusing it starts the download,
 * and the first click opens the loaded menu.
 */
export function lazyMenu<P extends object>(load: () => Promise<ComponentType<P & LoadedMenuProps>>) {
  const Loaded = lazyComponent(load)
  const preload = () => void load().catch(() => undefined)
  return function LazyMenu(props: P & { target: ReactElement<TriggerProps> }) {
    const [wanted, setWanted] = useState(false)
    const closed = cloneElement(props.target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => setWanted(true),
    })
    if (!wanted) return closed
    return (
      <Suspense fallback={closed}>
        <Loaded {...props} defaultOpened />
      </Suspense>
    )
  }
}
