import '@mantine/core/styles/ThemeIcon.css'
import { useLingui } from '@lingui/react/macro'
import { Box, Collapse, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core'
import { IconCheck, IconInfoSmall, IconLock } from '@tabler/icons-react'
import { type ReactNode, useId } from 'react'

export type VerticalStep = {
  title: string
  /** What was answered, shown under the title of a complete step. */
  summary: string | null
  complete: boolean
  openable: boolean
  /** Only an explanation (step 3): never locked, nothing to answer. */
  info?: boolean
  /** Why a step cannot be opened yet, shown under its title. */
  lockedReason?: string | null
  content: ReactNode
}

type Props = { steps: VerticalStep[]; active: number; onOpen: (step: number) => void }

/**
 * The LanguageOnboarding vertical stepper: numbered steps one under another, the open one unfolded;
 * a step whose prerequisite is not complete cannot be opened and says so.
 */
export function VerticalSteps({ steps, active, onOpen }: Props) {
  const { t } = useLingui()
  const baseId = useId()
  // The reason shows under the first locked step; the later ones wait for the same (aria-label).
  const firstLocked = steps.findIndex((step) => !step.openable)
  return (
    <Stack gap={0} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {steps.map((step, index) => {
        const open = index === active
        const number = index + 1
        const contentId = `${baseId}-${index}`
        const last = index === steps.length - 1
        const done = step.complete && step.openable && !step.info
        const state = step.info
          ? t`informacja`
          : done
            ? t`gotowe`
            : step.openable
              ? t`do uzupełnienia`
              : t`niedostępne`
        return (
          <Box component="li" key={step.title} pos="relative" pb={last ? 0 : 'sm'}>
            {!last && (
              <Box
                aria-hidden
                pos="absolute"
                left={15}
                top={34}
                bottom={2}
                w={2}
                bg={done || (step.info && steps[index + 1]?.openable) ? 'indigo.3' : 'gray.3'}
              />
            )}
            <UnstyledButton
              onClick={() => onOpen(index)}
              disabled={!step.openable}
              aria-expanded={open}
              aria-controls={contentId}
              aria-label={`${t`Krok ${number}`}: ${step.title} (${state})${step.openable || !step.lockedReason ? '' : `. ${step.lockedReason}`}`}
              w="100%"
              style={{ cursor: step.openable ? 'pointer' : 'not-allowed', borderRadius: 8 }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon
                  radius="xl"
                  size={32}
                  variant={open || done ? 'filled' : 'light'}
                  color={step.openable ? 'indigo' : 'gray'}
                  aria-hidden
                >
                  {step.info ? (
                    <IconInfoSmall size={24} />
                  ) : done && !open ? (
                    <IconCheck size={18} />
                  ) : step.openable ? (
                    <Text fw={700} size="sm" c="inherit">
                      {number}
                    </Text>
                  ) : (
                    <IconLock size={16} />
                  )}
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }} pt={4}>
                  <Text fw={open ? 700 : 600} c={step.openable ? undefined : 'dimmed'}>
                    {step.title}
                  </Text>
                  {!open && step.openable && step.summary && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {step.summary}
                    </Text>
                  )}
                  {index === firstLocked && step.lockedReason && (
                    <Text size="sm" c="dimmed">
                      {step.lockedReason}
                    </Text>
                  )}
                </Stack>
              </Group>
            </UnstyledButton>
            <Collapse expanded={open} id={contentId}>
              <Box pl={44} pt="xs" pb="xs">
                {open && step.content}
              </Box>
            </Collapse>
          </Box>
        )
      })}
    </Stack>
  )
}
