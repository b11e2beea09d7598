import { useLingui } from '@lingui/react/macro'
import { Textarea, type TextareaProps } from '@mantine/core'
import { TEXT_LIMIT } from '../../../domain/constants.ts'
import { isStorableText } from '../../../domain/validation/storable-text.ts'
import { issueMessage } from '../../api/issue-messages.ts'

type Props = Omit<TextareaProps, 'value' | 'onChange'> & {
  value: string
  onChange: (value: string) => void
}

/**
 * product-rules.md "Validation": notes, the cancellation reason, comments and memos hold at most
 * 255 characters.
 */
const tooLong = (value: string) => value.trim().length > TEXT_LIMIT

/**
 * The text cannot be sent: over the limit, or holding a character the server cannot store (a
 * pasted NUL or broken emoji half, domain/validation/storable-text.ts), which it would refuse.
 */
export const cannotSave = (value: string) => tooLong(value) || !isStorableText(value)

/** A textarea with the 255-character limit and a counter (design.md "Feedback": errors near the field). */
export function LimitedTextarea({ value, onChange, ...props }: Props) {
  const { t, i18n } = useLingui()
  const count = value.trim().length
  const limit = TEXT_LIMIT
  const error = tooLong(value)
    ? t`Najwyżej ${limit} znaków`
    : isStorableText(value)
      ? props.error
      : i18n._(issueMessage('unstorable_text'))
  return (
    <Textarea
      rows={4}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={TEXT_LIMIT}
      description={`${count}/${limit}`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
    />
  )
}
