import type { ModalProps } from '@mantine/core'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { loadChunk } from './chunk-load.ts'

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

type ModalModule = typeof import('./app-dialog-modal.tsx')
let modalModule: ModalModule | undefined

/**
 * Loads the dialogs' Modal (once). Pages show dialogs rarely, so Mantine's Modal and its focus
 * trap and scroll lock load when the first one opens; tests load it up front.
 */
export async function preloadDialogModal(): Promise<ModalModule> {
  modalModule ??= await loadChunk(() => import('./app-dialog-modal.tsx'))
  return modalModule
}

/** The Modal's module once some dialog has been open; a failed download reaches the boundary. */
function useModalModule(opened: boolean): ModalModule | undefined {
  const [module, setModule] = useState(modalModule)
  const [failure, setFailure] = useState<unknown>(null)
  useEffect(() => {
    if (opened && !module) preloadDialogModal().then(setModule, setFailure)
  }, [opened, module])
  if (failure) throw failure
  return module
}

/**
 * Every dialog of the app (product-rules.md "Screens and routes"): closed by Esc, the close icon or
 * a route change; 600 wide (shared) or 430 (edit), 300 on screens 520 px wide or less. Focus is
 * trapped and returned.
 */
export function AppDialog(props: AppDialogProps) {
  useCloseOnRouteChange(props.opened, props.onClose)
  const module = useModalModule(props.opened)
  if (!module) return null
  return <module.DialogModal {...props} />
}
