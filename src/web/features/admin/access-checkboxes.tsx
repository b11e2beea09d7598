import { useLingui } from '@lingui/react/macro'
import { Checkbox } from '@mantine/core'

/**
 * A student's access flags (human_access, ai_access, only_group_lessons: product-rules.md "Records
 * and fields").
 */
export type AccessFlags = { human: boolean; ai: boolean; group: boolean }

/** The three access flags of a student, as the invitation and the access dialog set them. */
export function AccessCheckboxes({
  value,
  onChange,
}: {
  value: AccessFlags
  onChange: (value: AccessFlags) => void
}) {
  const { t } = useLingui()
  const flag = (key: keyof AccessFlags) => (event: { currentTarget: { checked: boolean } }) =>
    onChange({ ...value, [key]: event.currentTarget.checked })
  return (
    <>
      <Checkbox label={t`Lekcje z lektorem`} checked={value.human} onChange={flag('human')} />
      <Checkbox label={t`Lekcje z AI`} checked={value.ai} onChange={flag('ai')} />
      <Checkbox label={t`Tylko lekcje grupowe`} checked={value.group} onChange={flag('group')} />
    </>
  )
}
