import '@mantine/core/styles/SimpleGrid.css'
import { useLingui } from '@lingui/react/macro'
import { SimpleGrid, Stack, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { FocusEvent } from 'react'
import { capitalizeName } from '../../../domain/validation/rules.ts'
import { DateField } from '../date-field.tsx'
import { PhoneInput } from '../phone-input.tsx'
import { fieldProps } from './field-props.ts'
import { type DetailsValues, todayKey } from './section-rules.ts'

export type DetailsFieldsProps = {
  /** Any form whose values include DetailsValues at the root (see section-rules.ts). */
  form: UseFormReturnType<DetailsValues, unknown>
}

/**
 * First and last name, phone and date of birth (EditMyProfileDetails, registration step "details").
 * Names are shown capitalised after leaving the field, as they are stored (product-rules.md
 * "Validation").
 */
export function DetailsFields({ form }: DetailsFieldsProps) {
  const { t } = useLingui()
  const nameProps = (path: 'first_name' | 'last_name') => {
    const props = fieldProps(form, path)
    return {
      ...props,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        const value = form.getValues()[path]
        if (value.trim() !== '') form.setFieldValue(path, capitalizeName(value))
        props.onBlur?.(event)
      },
    }
  }
  const phone = fieldProps(form, 'phone_number')
  const date = fieldProps(form, 'date_of_birth')
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label={t`Imię`} autoComplete="given-name" required {...nameProps('first_name')} />
        <TextInput label={t`Nazwisko`} autoComplete="family-name" required {...nameProps('last_name')} />
      </SimpleGrid>
      {/* The phone (country and number) needs a whole row of a 430 px dialog. */}
      <Stack gap="md">
        <PhoneInput
          label={t`Numer telefonu`}
          required
          value={phone.value}
          onChange={phone.onChange}
          onFocus={phone.onFocus}
          onBlur={phone.onBlur}
          error={phone.error}
        />
        <DateField
          label={t`Data urodzenia`}
          required
          // product-rules.md "Validation": a date of birth is never in the future.
          maxDate={todayKey()}
          value={date.value}
          onChange={date.onChange}
          onFocus={date.onFocus}
          onBlur={date.onBlur}
          error={date.error}
        />
      </Stack>
    </Stack>
  )
}
