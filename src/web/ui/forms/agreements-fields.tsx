import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Checkbox, Stack, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { type AgreementKey, agreementsFor } from '../../../domain/agreements.ts'
import type { Role } from '../../../domain/api/common.ts'
import { fieldProps } from './field-props.ts'
import { SectionFieldset } from './section-fieldset.tsx'
import type { AgreementsValues } from './section-rules.ts'

/**
 * The human text of each agreement (product-rules.md "Records and fields"; served from the
 * AGREEMENTS constant).
 */
export const AGREEMENT_TEXTS: Record<AgreementKey, MessageDescriptor> = {
  user_rules_agreed: msg`Akceptuję regulamin serwisu Lektorium i politykę prywatności.`,
  teacher_rules_agreed: msg`Akceptuję zasady współpracy lektora z Lektorium, w tym weryfikację konta przed pierwszym logowaniem i zasady rozliczeń.`,
  voice_recording_agreed: msg`Zgadzam się na nagrywanie mojego głosu podczas lekcji i sprawdzania próbki głosu.`,
  commercial_sms_consent: msg`Chcę otrzymywać SMS-y z ofertami i nowościami Lektorium.`,
  commercial_email_consent: msg`Chcę otrzymywać e-maile z ofertami i nowościami Lektorium.`,
}

export type AgreementsFieldsProps = {
  /** Any form whose values include AgreementsValues (`agreements.*`) at the root. */
  form: UseFormReturnType<AgreementsValues, unknown>
  /** product-rules.md "Validation": a student-only agreement is not asked of a teacher and vice versa. */
  forRole: Role
}

/** The role's agreements as checkboxes: required ones first and marked, then the optional consents. */
export function AgreementsFields({ form, forRole }: AgreementsFieldsProps) {
  const { t, i18n } = useLingui()
  const agreements = agreementsFor(forRole)
  const required = agreements.filter((a) => a.required)
  const optional = agreements.filter((a) => !a.required)
  const box = (key: AgreementKey, isRequired: boolean) => (
    <Checkbox
      key={key}
      label={i18n._(AGREEMENT_TEXTS[key])}
      description={isRequired ? t`Wymagana` : t`Opcjonalna`}
      required={isRequired}
      aria-required={isRequired}
      {...fieldProps(form, `agreements.${key}`, { type: 'checkbox' })}
    />
  )
  return (
    <Stack gap="lg">
      <SectionFieldset legend={<Trans>Wymagane zgody</Trans>}>
        <Stack gap="md">{required.map((a) => box(a.key, true))}</Stack>
      </SectionFieldset>
      <SectionFieldset legend={<Trans>Zgody marketingowe (opcjonalne)</Trans>}>
        <Stack gap="md">
          {optional.map((a) => box(a.key, false))}
          <Text size="xs" c="dimmed">
            <Trans>Zgody marketingowe możesz w każdej chwili wycofać w swoim profilu.</Trans>
          </Text>
        </Stack>
      </SectionFieldset>
    </Stack>
  )
}
