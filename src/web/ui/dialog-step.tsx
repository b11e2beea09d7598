import { Stack, type StackProps } from '@mantine/core'
import { type ReactNode, useEffect, useRef } from 'react'

/**
 * One step of a dialog with steps. Mantine focuses `[data-autofocus]` only when the dialog opens;
 * a step shown later moves the focus there itself, so the keyboard is not left on the button of
 * the step that just went away (design.md "Access").
 */
export function DialogStep({ children, ...props }: StackProps & { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [])
  return (
    <Stack ref={ref} {...props}>
      {children}
    </Stack>
  )
}
