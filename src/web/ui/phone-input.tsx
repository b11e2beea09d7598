import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import { useLingui } from '@lingui/react/macro'
import { Group, Input, Select, Text, TextInput } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { type FocusEventHandler, type ReactNode, useMemo, useState } from 'react'
import { composePhone, formatNational, PHONE_COUNTRIES, parsePhone } from './phone-number.ts'

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

/**
 * spec §2 shared UI: a phone input with Poland as the default country, the number shown in the
 * national format ("512 345 678") and sent as `+48512345678` (spec §5: spaces removed). Pasting
 * an international number ("+49 …") picks its country.
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
  const parsed = parsePhone(value)
  // The country chosen while no digits are typed yet (the value is then '').
  const [pickedCountry, setPickedCountry] = useState(parsed.country)
  const country = value === '' ? pickedCountry : parsed.country
  const countries = useMemo(
    () => PHONE_COUNTRIES.map((c) => ({ value: c.code, label: `${c.code} ${c.dial}` })),
    [],
  )
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
                {PHONE_COUNTRIES.find((c) => c.code === option.value)?.dial}
              </Text>
            </Group>
          )}
          onChange={(next) => {
            if (!next) return
            setPickedCountry(next)
            onChange(composePhone(next, parsed.national))
          }}
        />
        <TextInput
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required={required}
          disabled={disabled}
          value={formatNational(parsed.national)}
          error={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={
            [error ? errorId : '', description ? descriptionId : ''].join(' ').trim() || undefined
          }
          placeholder={country === 'PL' ? '512 345 678' : undefined}
          style={{ flex: 1 }}
          onFocus={onFocus}
          onBlur={onBlur}
          onChange={(event) => {
            const typed = event.currentTarget.value
            if (typed.trim().startsWith('+') || typed.trim().startsWith('00')) {
              const international = parsePhone(typed, country)
              setPickedCountry(international.country)
              onChange(composePhone(international.country, international.national))
            } else onChange(composePhone(country, typed))
          }}
        />
      </Group>
    </Input.Wrapper>
  )
}
