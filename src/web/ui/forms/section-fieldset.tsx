import '@mantine/core/styles/Fieldset.css'
import { Fieldset } from '@mantine/core'
import type { ReactNode } from 'react'

/** A titled group of fields (a real fieldset + legend for screen readers), flush with its siblings. */
export function SectionFieldset({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      styles={{
        root: { margin: 0, minWidth: 0 },
        legend: {
          fontWeight: 600,
          fontSize: 'var(--mantine-font-size-sm)',
          marginBottom: 'var(--mantine-spacing-xs)',
        },
      }}
    >
      {children}
    </Fieldset>
  )
}
