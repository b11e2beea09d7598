import { useLingui } from '@lingui/react/macro'
import { Modal, type ModalProps } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { type ReactNode, useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { DIALOG_WIDTH, NARROW_DIALOG_BREAKPOINT_PX } from '../../domain/constants.ts'

/** spec §2 / §9: 600 shared, 430 edit, 300 on screens 520 px wide or less. */
const NARROW_DIALOG_QUERY = `(max-width: ${NARROW_DIALOG_BREAKPOINT_PX}px)`

export type AppDialogProps = {
  opened: boolean
  onClose: () => void
  title: ReactNode
  /** `edit` (430) for the Edit… dialogs, `shared` (600) for the others. */
  variant?: 'edit' | 'shared'
  children: ReactNode
  /** e.g. while an upload runs: Esc, the close icon and the overlay do nothing. */
  closeDisabled?: boolean
  /**
   * Give the focus back to where it was when the dialog opened (default). Off when the screen
   * moves it somewhere better itself (after booking: to the booked slot).
   */
  returnFocus?: boolean
} & Pick<ModalProps, 'centered' | 'padding'>

/** Calls `onClose` once when the route (path, query or hash) changes while the dialog is open. */
function useCloseOnRouteChange(opened: boolean, onClose: () => void) {
  const location = useLocation()
  const openedAt = useRef<string | null>(null)
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  const here = `${location.pathname}${location.search}${location.hash}`
  useEffect(() => {
    if (!opened) {
      openedAt.current = null
      return
    }
    if (openedAt.current === null) openedAt.current = here
    else if (openedAt.current !== here) {
      openedAt.current = null
      closeRef.current()
    }
  }, [opened, here])
}

/**
 * Every dialog of the app (spec §2): closed by Esc, the close icon or a route change; 600 wide
 * (shared) or 430 (edit), 300 on screens 520 px wide or less. Focus is trapped and returned.
 */
export function AppDialog({
  opened,
  onClose,
  title,
  variant = 'edit',
  children,
  closeDisabled = false,
  centered = true,
  padding,
  returnFocus = true,
}: AppDialogProps) {
  const { t } = useLingui()
  const narrow = useMediaQuery(NARROW_DIALOG_QUERY)
  useCloseOnRouteChange(opened, onClose)
  const width = narrow ? DIALOG_WIDTH.narrow : DIALOG_WIDTH[variant]
  return (
    <Modal
      opened={opened}
      onClose={closeDisabled ? () => undefined : onClose}
      title={title}
      size={width}
      centered={centered}
      padding={padding}
      returnFocus={returnFocus}
      closeOnEscape={!closeDisabled}
      closeOnClickOutside={!closeDisabled}
      withCloseButton={!closeDisabled}
      closeButtonProps={{ 'aria-label': t`Zamknij okno` }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  )
}
