import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Skeleton.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Collapse, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAdjustmentsHorizontal } from '@tabler/icons-react'
import { Suspense, useEffect, useId, useState } from 'react'
import { useLanguages, useLevels } from '../../api/dictionaries.ts'
import { whenIdle } from '../../config/when-idle.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { lazyComponent, useEverOpened } from '../../ui/lazy-component.tsx'
import { dayMonth, weekdayName } from '../../ui/slot-format.ts'
import type { SetLessonsState } from './set-lessons-url.ts'

const TeacherFilterFields = lazyComponent(
  async () => (await import('./teacher-filter-fields.tsx')).TeacherFilterFields,
)

/** Where the five fields will be, the same size, while their code downloads (no layout shift). */
function FieldsPlaceholder({ phone }: { phone: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md" verticalSpacing="sm" pt={phone ? 'md' : 0}>
      {[0, 1, 2, 3, 4].map((field) => (
        <Stack key={field} gap={4}>
          <Skeleton height={20} width="50%" radius="sm" />
          <Skeleton height={36} radius="md" />
        </Stack>
      ))}
    </SimpleGrid>
  )
}

type Props = {
  state: SetLessonsState
  /** The language shown when the URL names none (the student's first learned language). */
  language: number | null
  /** The calendar: the dates that may be chosen (today to the end of next week). */
  dates: string[]
  onChange: (patch: Partial<SetLessonsState>) => void
}

/** A phone: the filters fold away under a one-line summary. */
const PHONE_QUERY = '(max-width: 36em)'

/**
 * The teacher list's filters (product-rules.md "Teacher search"): language, level, day, time
 * from/to. On a phone they took the whole first screen, so there they fold under a summary of what
 * is chosen.
 */
export function TeacherFilters({ state, language, dates, onChange }: Props) {
  const { t, i18n } = useLingui()
  const languages = useLanguages().data ?? []
  const levels = useLevels().data ?? []
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false })
  const [unfolded, setUnfolded] = useState(false)
  // On a phone the fields come with the first unfolding, and stay; their code downloads once the
  // page is idle, so the unfolding rarely waits for it.
  const everUnfolded = useEverOpened(unfolded)
  useEffect(() => (phone ? whenIdle(TeacherFilterFields.preload, 2000) : undefined), [phone])
  const fieldsId = useId()
  const chosenLanguage = languages.find((l) => l.id === language)
  const chosenLevel = levels.find((l) => l.id === state.level)
  const level = chosenLevel?.name
  const from = state.from
  const summary = [
    chosenLanguage ? languageLabel(chosenLanguage, i18n.locale) : t`każdy język`,
    level ? t`poziom ${level}` : t`każdy poziom`,
    state.day ? `${weekdayName(state.day, i18n.locale)} ${dayMonth(state.day)}` : t`każdy dzień`,
    ...(from ? [state.to ? `${from}–${state.to}` : t`od ${from}`] : []),
  ].join(' · ')
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t`Filtry`}>
      {phone && (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" style={{ minWidth: 0, flex: 1 }}>
            {summary}
          </Text>
          <Button
            variant="light"
            size="xs"
            style={{ flexShrink: 0 }}
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            aria-expanded={unfolded}
            aria-controls={fieldsId}
            onClick={() => setUnfolded(!unfolded)}
          >
            {unfolded ? <Trans>Zwiń filtry</Trans> : <Trans>Zmień filtry</Trans>}
          </Button>
        </Group>
      )}
      <Collapse expanded={!phone || unfolded} id={fieldsId}>
        {(!phone || everUnfolded) && (
          <Suspense fallback={<FieldsPlaceholder phone={phone} />}>
            <TeacherFilterFields
              state={state}
              language={language}
              dates={dates}
              languages={languages}
              levels={levels}
              phone={phone}
              onChange={onChange}
            />
          </Suspense>
        )}
      </Collapse>
    </Paper>
  )
}
