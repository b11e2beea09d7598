import { Alert } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/** An error shown beside the form it belongs to; announced to screen readers (role=alert). */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
      {children}
    </Alert>
  )
}
