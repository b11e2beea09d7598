import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Modal.css'
import { useLingui } from '@lingui/react/macro'
import { Modal } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { DIALOG_WIDTH, NARROW_DIALOG_BREAKPOINT_PX } from '../../domain/constants.ts'
import type { AppDialogProps } from './app-dialog.tsx'
import { useDialogFocusReturn } from './dialog-focus-return.ts'

/**
 * product-rules.md "Screens and routes", "Constants and limits": 600 shared, 430 edit, 300 on
 * screens 520 px wide or less.
 */
const NARROW_DIALOG_QUERY = `(max-width: ${NARROW_DIALOG_BREAKPOINT_PX}px)`

/** AppDialog's Mantine Modal (a chunk of its own, loaded when a dialog first opens). */
export function DialogModal({
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
  const width = narrow ? DIALOG_WIDTH.narrow : DIALOG_WIDTH[variant]
  // Ours, not Mantine's: it also covers dialogs rendered open and unmounted on close.
  useDialogFocusReturn(opened, returnFocus)
  return (
    <Modal
      opened={opened}
      onClose={closeDisabled ? () => undefined : onClose}
      title={title}
      size={width}
      centered={centered}
      padding={padding}
      returnFocus={false}
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
