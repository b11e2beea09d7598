import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconCalendarOff } from '@tabler/icons-react'
import { Suspense, useEffect, useState } from 'react'
import { DEFAULT_SCHEDULED_LESSONS_LIMIT } from '../../../domain/constants.ts'
import { limitReached } from '../../../domain/schedule/slot-rules.ts'
import { useTimetable } from '../../api/timetables.ts'
import { ACCENT_COLOR } from '../../config/theme.ts'
import { useOnlineStatus } from '../../offline/connectivity.ts'
import { lazyComponent, useEverOpened } from '../../ui/lazy-component.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { ScheduleSlots } from '../../ui/schedule-slots.tsx'
import { slotWhen } from '../../ui/slot-format.ts'
import { hasVacancy } from '../../ui/slot-state.ts'
import { showToast } from '../../ui/toast.ts'
import type { WeekBounds } from '../../ui/week-bounds.ts'
import { WeekSwitcher } from '../../ui/week-switcher.tsx'
import type { BookingPreset, TaughtLanguage } from './confirm-options.ts'
import { MirrorBanner } from './mirror-banner.tsx'
import { useNearestFreeSlot } from './nearest-free-slot.ts'
import { NotAcceptingOverlay } from './not-accepting-overlay.tsx'
import { SelectedSlotChips } from './selected-slot-chips.tsx'
import { dayRefusal, type PickedSlot, pruneSelection, toggleSlot } from './slot-selection.ts'

// The booking confirmation (and its language and level pickers) loads when Book is first pressed.
const ScheduleConfirmDialog = lazyComponent(
  async () => (await import('./schedule-confirm-dialog.tsx')).ScheduleConfirmDialog,
)

/** The "lesson set" success toast of product-rules.md "Errors", shown for 2 s. */
const LESSON_SET_TOAST_MS = 2_000

type Props = {
  teacherId: string
  /** The teacher's taught languages with levels (the confirm dialog's options); null while loading. */
  taught: TaughtLanguage[] | null
  week: string
  bounds: WeekBounds
  onWeek: (week: string) => void
  preset: BookingPreset
  /** Told after the toast when lessons were booked (the onboarding's lessonHasBeenScheduled). */
  onBooked?: (slotIds: string[]) => void
}

/** product-rules.md "Booking": one teacher's week to choose slots from, the chosen slots, and Book. */
export function TeacherWeek({ teacherId, taught, week, bounds, onWeek, preset, onBooked }: Props) {
  const { t, i18n } = useLingui()
  const timetable = useTimetable(teacherId, week)
  const online = useOnlineStatus()
  const [selection, setSelection] = useState<PickedSlot[]>([])
  const [confirming, setConfirming] = useState(false)
  const confirmMounted = useEverOpened(confirming)
  const [focusRequest, setFocusRequest] = useState<{ slotId: string } | null>(null)
  // "Pokaż" on the nearest free slot: its week opens, then the focus goes to the slot.
  const [shownSlot, setShownSlot] = useState<{ week: string; slotId: string } | null>(null)
  const data = timetable.data
  useEffect(() => {
    if (data) setSelection((current) => pruneSelection(current, data.timetable))
  }, [data])
  useEffect(() => {
    if (!shownSlot || !data || shownSlot.week !== week) return
    setFocusRequest({ slotId: shownSlot.slotId })
    setShownSlot(null)
  }, [shownSlot, data, week])

  const offline = !online || (data?.mirroredAt ?? null) !== null
  const limit = data?.scheduled_lessons_limit_per_student ?? DEFAULT_SCHEDULED_LESSONS_LIMIT
  const reached = limitReached(selection.length, data?.scheduled_lessons_count ?? 0, limit)
  const blockedReason = t`Rezerwacja będzie możliwa po odzyskaniu połączenia.`
  const emptyWeek = data !== undefined && !hasVacancy(data.timetable)
  const nearest = useNearestFreeSlot(teacherId, week, bounds, emptyWeek && !offline)
  const nextText = nearest ? slotWhen(nearest.date, nearest.time, i18n.locale) : ''

  const booked = (slotIds: string[]) => {
    const count = slotIds.length
    setSelection([])
    setConfirming(false)
    // The focus goes to the first booked slot, which now says so.
    const first = slotIds[0]
    if (first) setFocusRequest({ slotId: first })
    showToast({
      color: 'green',
      // The "lesson set" toast, in the plural when several were booked.
      message: plural(count, {
        one: 'Lekcja została umówiona',
        few: 'Umówiliśmy # lekcje',
        many: 'Umówiliśmy # lekcji',
        other: 'Umówiliśmy # lekcji',
      }),
      autoClose: LESSON_SET_TOAST_MS,
    })
    onBooked?.(slotIds)
  }

  // The server's date rules, said on the slot before it has to refuse them (product-rules.md
  // "Same-day rule").
  const refusalText = (day: Parameters<typeof dayRefusal>[1], slotId: string) => {
    const refusal = dayRefusal(selection, day, slotId)
    if (!refusal) return null
    if (refusal.kind === 'own_lesson') return t`Masz już lekcję zaplanowaną na ten dzień.`
    const time = refusal.time
    return t`U tego lektora możesz umówić jedną lekcję dziennie. Tego dnia wybrano już ${time}.`
  }

  return (
    <Stack gap="md">
      <WeekSwitcher weekStart={week} bounds={bounds} onChange={onWeek} />
      {data?.mirroredAt != null && <MirrorBanner savedAt={data.mirroredAt} />}
      {data === undefined ? (
        timetable.isError ? (
          <Alert color="red" variant="light" title={t`Nie udało się wczytać terminów`}>
            <Button variant="light" color="red" onClick={() => void timetable.refetch()}>
              <Trans>Spróbuj ponownie</Trans>
            </Button>
          </Alert>
        ) : (
          <PageLoader label={t`Wczytujemy terminy…`} />
        )
      ) : (
        <NotAcceptingOverlay active={data.not_accepting_new_students}>
          <Stack gap="md">
            {emptyWeek && (
              <Alert color="gray" variant="light" icon={<IconCalendarOff size={18} aria-hidden />}>
                <Stack gap={6} align="flex-start">
                  <Text size="sm">
                    <Trans>Brak wolnych terminów w tym tygodniu.</Trans>
                  </Text>
                  {nearest && (
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={600}>
                        <Trans>Najbliższy wolny termin: {nextText}</Trans>
                      </Text>
                      <Button
                        variant="light"
                        size="compact-sm"
                        aria-label={t`Pokaż najbliższy wolny termin: ${nextText}`}
                        onClick={() => {
                          setShownSlot({ week: nearest.week, slotId: nearest.slotId })
                          onWeek(nearest.week)
                        }}
                      >
                        <Trans>Pokaż</Trans>
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Alert>
            )}
            <ScheduleSlots
              days={data.timetable}
              graceHours={data.lesson_earliness_condition}
              selection={{
                selectedIds: selection.map((slot) => slot.id),
                onToggle: (slot, day) => setSelection((current) => toggleSlot(current, slot, day, reached)),
                dayRefusal: (day, slot) => refusalText(day, slot.id),
                focusRequest,
                limit,
                limitReached: reached,
                blocked: offline ? { reason: blockedReason } : undefined,
              }}
            />
          </Stack>
        </NotAcceptingOverlay>
      )}
      {/* Sticky: on a phone the week is long, and the chosen slots and Book stay in reach. */}
      <Paper
        withBorder
        radius="lg"
        p="md"
        shadow="sm"
        component="section"
        aria-label={t`Wybrane terminy`}
        pos="sticky"
        bottom={8}
        style={{ zIndex: 2 }}
      >
        <Group justify="space-between" align="center" gap="sm">
          <SelectedSlotChips
            slots={selection}
            onRemove={(id) => setSelection((current) => current.filter((slot) => slot.id !== id))}
          />
          <Stack gap={4} align="flex-end">
            <Button
              color={ACCENT_COLOR}
              disabled={
                selection.length === 0 || offline || taught === null || data?.not_accepting_new_students
              }
              onClick={() => setConfirming(true)}
            >
              <Trans>Umów wybrane terminy</Trans>
            </Button>
            {/* The mirror's banner already says it; without a saved copy this is the only hint. */}
            {offline && data?.mirroredAt == null && (
              <Text size="xs" c="dimmed">
                {blockedReason}
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
      {taught && confirmMounted && (
        <Suspense fallback={null}>
          <ScheduleConfirmDialog
            opened={confirming}
            onClose={() => setConfirming(false)}
            teacherId={teacherId}
            taught={taught}
            slots={selection}
            preset={preset}
            onBooked={booked}
            onRefused={(ids) => setSelection((current) => current.filter((slot) => !ids.includes(slot.id)))}
            onStale={() => void timetable.refetch()}
          />
        </Suspense>
      )}
    </Stack>
  )
}
