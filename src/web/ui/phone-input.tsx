import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import { useLingui } from '@lingui/react/macro'
import { Group, Input, Select, Text, TextInput } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { type FocusEventHandler, type ReactNode, useMemo, useState } from 'react'
import {
  dialOf,
  PHONE_COUNTRIES,
  type PhoneCountry,
  showPhone,
  type TypedPhone,
  typePhone,
} from './phone-number.ts'

export type PhoneInputProps = {
  /** `+48512345678` (no spaces), or '' when empty. */
  value: string
  onChange: (value: string) => void
  label: ReactNode
  description?: ReactNode
  error?: ReactNode
  required?: boolean
  onFocus?: FocusEventHandler<HTMLInputElement>
  onBlur?: FocusEventHandler<HTMLInputElement>
  disabled?: boolean
}

function useCountryNames(locale: string) {
  return useMemo(() => {
    try {
      const names = new Intl.DisplayNames([locale], { type: 'region' })
      return (code: string) => names.of(code) ?? code
    } catch {
      return (code: string) => code
    }
  }, [locale])
}

const isPhoneCountry = (code: string): code is PhoneCountry => PHONE_COUNTRIES.some((c) => c === code)

/**
 * The shared UI's phone input (product-rules.md "Screens and routes"), with Poland as the default
 * country, the number formatted as typed in its country's national format ("512 345 678", "07400
 * 123456") and sent as E.164 (`+48512345678`, product-rules.md "Validation": spaces removed).
 * Pasting an international number ("+49 …") picks its country. libphonenumber-js does the
 * formatting.
 */
export function PhoneInput({
  value,
  onChange,
  label,
  description,
  error,
  required,
  onFocus,
  onBlur,
  disabled,
}: PhoneInputProps) {
  const { t, i18n } = useLingui()
  const id = useId()
  const countryName = useCountryNames(i18n.locale)
  // What was typed, kept while it is still the form's value (so the text is not rewritten under
  // the fingers); a value set from outside (a reset, the profile) is shown in the national format.
  const [typed, setTyped] = useState<TypedPhone>(() => showPhone(value))
  const shown = typed.value === value ? typed : showPhone(value, typed.country)
  const country = shown.country
  const countries = useMemo(
    () => PHONE_COUNTRIES.map((code) => ({ value: code, label: `${code} ${dialOf(code)}` })),
    [],
  )
  const enter = (next: TypedPhone) => {
    setTyped(next)
    onChange(next.value)
  }
  const errorId = `${id}-error`
  const descriptionId = `${id}-description`

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      required={required}
      labelProps={{ htmlFor: id }}
      errorProps={{ id: errorId }}
      descriptionProps={{ id: descriptionId }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Select
          aria-label={t`Kierunkowy kraju`}
          data={countries}
          value={country}
          allowDeselect={false}
          disabled={disabled}
          w={112}
          style={{ flexShrink: 0 }}
          comboboxProps={{ width: 240, position: 'bottom-start' }}
          renderOption={({ option }) => (
            <Group gap="xs" justify="space-between" w="100%" wrap="nowrap">
              <Text size="sm">{countryName(option.value)}</Text>
              <Text size="sm" c="dimmed">
                {isPhoneCountry(option.value) ? dialOf(option.value) : ''}
              </Text>
            </Group>
          )}
          onChange={(next) => {
            if (next && isPhoneCountry(next)) enter(typePhone(shown.display.replace(/\D/g, ''), next))
          }}
        />
        <TextInput
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required={required}
          disabled={disabled}
          value={shown.display}
          error={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={
            [error ? errorId : '', description ? descriptionId : ''].join(' ').trim() || undefined
          }
          placeholder={country === 'PL' ? '512 345 678' : undefined}
          style={{ flex: 1 }}
          onFocus={onFocus}
          onBlur={onBlur}
          onChange={(event) => enter(typePhone(event.currentTarget.value, country))}
        />
      </Group>
    </Input.Wrapper>
  )
}
