import { useLingui } from '@lingui/react/macro'
import { Textarea, type TextareaProps } from '@mantine/core'
import { TEXT_LIMIT } from '../../../domain/constants.ts'

type Props = Omit<TextareaProps, 'value' | 'onChange'> & {
  value: string
  onChange: (value: string) => void
}

/** spec §5 / §9: notes, the cancellation reason, comments and memos hold at most 255 characters. */
export const tooLong = (value: string) => value.trim().length > TEXT_LIMIT

/** A textarea with the 255-character limit and a counter (DESIGN.md: errors near the field). */
export function LimitedTextarea({ value, onChange, ...props }: Props) {
  const { t } = useLingui()
  const count = value.trim().length
  const limit = TEXT_LIMIT
  return (
    <Textarea
      rows={4}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={TEXT_LIMIT}
      description={`${count}/${limit}`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={tooLong(value) ? t`Najwyżej ${limit} znaków` : props.error}
    />
  )
}
