import type { UseFormReturnType } from '@mantine/form'
import type { FocusEvent } from 'react'

/** Any Mantine form: the sections only need paths, input props and error clearing. */
type AnyForm = Pick<UseFormReturnType<unknown, unknown>, 'getInputProps' | 'clearFieldError'>

/**
 * A field's Mantine input props, plus "errors reset on focus" (product-rules.md "Validation"). The
 * shared sections expect a controlled form (Mantine's default mode): they read `value`.
 */
export function fieldProps(form: AnyForm, path: string, options?: { type?: 'checkbox' }) {
  const props = form.getInputProps(path, options)
  return {
    ...props,
    onFocus: (event: FocusEvent<HTMLElement>) => {
      form.clearFieldError(path)
      props.onFocus?.(event)
    },
  }
}
