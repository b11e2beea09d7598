import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { SimpleGrid, Stack, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { ADDRESS_FIELD_MAX, BUILDING_NUMBER_MAX } from '../../../domain/constants.ts'
import { swiftRequired } from '../../../domain/validation/rules.ts'
import { fieldProps } from './field-props.ts'
import { SectionFieldset } from './section-fieldset.tsx'
import type { BankValues } from './section-rules.ts'

export type BankFieldsProps = {
  /** Any form whose values include BankValues at the root (see section-rules.ts). */
  form: UseFormReturnType<BankValues, unknown>
}

/**
 * IBAN, SWIFT and the billing address (EditMyBankDetails, registration step "billing details").
 * SWIFT is shown, and required, only for an IBAN that does not start with PL (product-rules.md
 * "Bank details").
 */
export function BankFields({ form }: BankFieldsProps) {
  const { t } = useLingui()
  const iban = form.useWatchValue('iban')
  const foreign = swiftRequired(iban)
  return (
    <Stack gap="md">
      <TextInput
        label={t`Numer konta (IBAN)`}
        description={t`Z kodem kraju, np. PL61 1090 1014 0000 0712 1981 2874`}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        required
        {...fieldProps(form, 'iban')}
      />
      {foreign && (
        <TextInput
          label={t`Kod SWIFT/BIC`}
          description={t`Wymagany dla kont spoza Polski`}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={11}
          required
          {...fieldProps(form, 'swift')}
        />
      )}
      <SectionFieldset legend={<Trans>Adres</Trans>}>
        <Stack gap="md">
          <TextInput
            label={t`Ulica`}
            autoComplete="address-line1"
            maxLength={ADDRESS_FIELD_MAX}
            required
            {...fieldProps(form, 'address.street')}
          />
          <SimpleGrid cols={2} spacing="md">
            <TextInput
              label={t`Numer budynku`}
              maxLength={BUILDING_NUMBER_MAX}
              required
              {...fieldProps(form, 'address.buildingNumber')}
            />
            <TextInput
              label={t`Numer lokalu`}
              maxLength={BUILDING_NUMBER_MAX}
              {...fieldProps(form, 'address.apartmentNumber')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t`Kod pocztowy`}
              autoComplete="postal-code"
              maxLength={ADDRESS_FIELD_MAX}
              required
              {...fieldProps(form, 'address.zip')}
            />
            <TextInput
              label={t`Miejscowość`}
              autoComplete="address-level2"
              maxLength={ADDRESS_FIELD_MAX}
              required
              {...fieldProps(form, 'address.city')}
            />
          </SimpleGrid>
          <TextInput
            label={t`Kraj`}
            autoComplete="country-name"
            maxLength={ADDRESS_FIELD_MAX}
            required
            {...fieldProps(form, 'address.country')}
          />
        </Stack>
      </SectionFieldset>
    </Stack>
  )
}
