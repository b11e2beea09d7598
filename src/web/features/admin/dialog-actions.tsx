import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'
import { FormError } from '../../ui/form-error.tsx'
import { ProblemText } from './problem-text.tsx'

type Problem = { field?: string | null; message: MessageDescriptor | string }

/**
 * The end of a console dialog's form: the refusal that belongs to none of `fields` (those show on
 * their field), then Cancel and the dialog's own action (`children`).
 */
export function DialogActions({
  problem,
  fields = [],
  pending,
  onCancel,
  cancelLabel,
  children,
}: {
  problem: Problem | null
  fields?: readonly string[]
  pending: boolean
  onCancel: () => void
  /** The cancel button's words, when the dialog's work is done ("Close"). */
  cancelLabel?: ReactNode
  children: ReactNode
}) {
  return (
    <>
      {problem && !fields.includes(problem.field ?? '') && (
        <FormError>
          <ProblemText problem={problem.message} />
        </FormError>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {cancelLabel ?? <Trans>Anuluj</Trans>}
        </Button>
        {children}
      </Group>
    </>
  )
}
