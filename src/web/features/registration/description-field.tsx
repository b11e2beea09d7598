import { useLingui } from '@lingui/react/macro'
import { Group, Text, Textarea } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from '../../../domain/constants.ts'
import { fieldProps } from '../../ui/forms/field-props.ts'

/**
 * The description (product-rules.md "Validation"): required, 60–1000 characters, with a live
 * character count.
 */
export function DescriptionField({ form }: { form: UseFormReturnType<{ description: string }, unknown> }) {
  const { t } = useLingui()
  const length = form.useWatchValue('description').trim().length
  const enough = length >= DESCRIPTION_MIN
  return (
    <Textarea
      label={t`Opis dla kursantów`}
      description={
        <Group component="span" justify="space-between" gap="xs">
          <span>{t`Kim jesteś jako lektor i jak prowadzisz lekcje. Od ${DESCRIPTION_MIN} do ${DESCRIPTION_MAX} znaków.`}</span>
          <Text component="span" size="xs" c={enough ? 'dimmed' : 'orange.9'}>
            {length} / {DESCRIPTION_MAX}
          </Text>
        </Group>
      }
      autosize
      minRows={5}
      maxRows={14}
      maxLength={DESCRIPTION_MAX}
      required
      {...fieldProps(form, 'description')}
    />
  )
}
