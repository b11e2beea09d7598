import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/Stepper.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Group, Progress, Stepper, Text } from '@mantine/core'

type RegistrationStepperProps = {
  labels: string[]
  active: number
  /** Steps up to this index may be opened by clicking them. */
  furthest: number
  onStepClick: (index: number) => void
}

/**
 * The visible stepper of /registration: every step labelled on wider screens; on phones a compact
 * "Krok 2 z 6" header with a progress bar.
 */
export function RegistrationStepper({ labels, active, furthest, onStepClick }: RegistrationStepperProps) {
  const { t } = useLingui()
  const number = active + 1
  const total = labels.length
  const current = labels[active] ?? ''
  return (
    <Box component="nav" aria-label={t`Kroki rejestracji`}>
      <Box visibleFrom="sm">
        <Stepper
          active={active}
          onStepClick={onStepClick}
          size="sm"
          iconSize={32}
          labelPosition="bottom"
          wrap={false}
          styles={{ stepLabel: { fontSize: 'var(--mantine-font-size-xs)', textAlign: 'center' } }}
        >
          {labels.map((label, index) => (
            <Stepper.Step
              key={label}
              label={label}
              allowStepSelect={index <= furthest}
              aria-current={index === active ? 'step' : undefined}
            />
          ))}
        </Stepper>
      </Box>
      <Box hiddenFrom="sm">
        <Group justify="space-between" gap="xs" mb={6}>
          <Text size="sm" fw={600}>
            <Trans>
              Krok {number} z {total}
            </Trans>
          </Text>
          <Text size="sm" c="dimmed">
            {current}
          </Text>
        </Group>
        <Progress value={(number / total) * 100} size="sm" aria-hidden />
      </Box>
    </Box>
  )
}
