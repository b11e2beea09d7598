import { Trans } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react'
import type { ReactNode, Ref } from 'react'

type StepFrameProps = {
  title: string
  description?: ReactNode
  headingRef: Ref<HTMLHeadingElement>
  containerRef: Ref<HTMLDivElement>
  children: ReactNode
  /** Replaces the Next button (the last step's submit). */
  primary?: ReactNode
  onBack?: (() => void) | undefined
  onNext?: () => void
  busy?: boolean
  /** Extra actions beside Back (e.g. Skip for an optional step). */
  extra?: ReactNode
  /** Shows "correct the marked fields" above the fields (focused by the step flow). */
  hasErrors?: boolean
}

/** One step: its heading (focused when the step opens), its fields and Back/Next. */
export function StepFrame({
  title,
  description,
  headingRef,
  containerRef,
  children,
  primary,
  onBack,
  onNext,
  busy,
  extra,
  hasErrors,
}: StepFrameProps) {
  return (
    <Stack gap="lg" ref={containerRef}>
      <Stack gap={4}>
        <Title order={2} fz="xl" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {hasErrors && (
        <Alert
          data-error-summary
          tabIndex={-1}
          role="alert"
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} aria-hidden />}
        >
          <Trans>Popraw zaznaczone pola, aby przejść dalej.</Trans>
        </Alert>
      )}
      {children}
      <Group justify="space-between" gap="sm" mt="xs">
        {onBack ? (
          <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
            <Trans>Wstecz</Trans>
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          {extra}
          {primary ?? (
            <Button rightSection={<IconArrowRight size={18} aria-hidden />} onClick={onNext} loading={busy}>
              <Trans>Dalej</Trans>
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  )
}
