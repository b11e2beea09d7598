import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Table.css'
import { useLingui } from '@lingui/react/macro'
import { Group, Stack, Table, VisuallyHidden } from '@mantine/core'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { JoinButton } from './join-button.tsx'
import { LessonActionsMenu } from './lesson-actions-menu.tsx'
import { LessonAttendance } from './lesson-attendance.tsx'
import { isCancelled, joinOffer } from './lesson-state.ts'
import { LessonStatusBadge } from './lesson-status-badge.tsx'
import { LessonLanguage, LessonParty, LessonWhen } from './lesson-summary.tsx'
import { writtenTexts } from './lesson-texts.ts'
import { useLessonView } from './lesson-view-context.tsx'
import { LessonWrittenTexts } from './lesson-written-texts.tsx'
import { RateButton } from './rate-button.tsx'

const COLUMNS = 5

/** The list view on wider screens: one row per lesson (on a phone the cards take over). */
export function LessonTable({ lessons, caption }: { lessons: Lesson[]; caption: string }) {
  const { t } = useLingui()
  const { role, now, isPending, withPendingWrites } = useLessonView()
  const meetings = lessons.length > 0 && lessons.every((lesson) => lesson.group)
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Termin`}</Table.Th>
            <Table.Th>{role === 'student' ? t`Lektor` : meetings ? t`Grupa` : t`Kursant`}</Table.Th>
            <Table.Th>{t`Język i poziom`}</Table.Th>
            <Table.Th>{t`Status`}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t`Działania`}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {/* One row group per lesson: its row, and under it the note and memos across the table. */}
        {lessons.map((lesson) => {
          const texts = writtenTexts(withPendingWrites(lesson), role).length > 0
          const cancelled = isCancelled(lesson)
          return (
            <Table.Tbody
              key={lesson.id}
              data-testid="lesson"
              data-cancelled={cancelled || undefined}
              // A cancelled lesson reads as over, its badge and reason still say why.
              bg={cancelled ? 'gray.0' : undefined}
              c={cancelled ? 'dimmed' : undefined}
            >
              <Table.Tr style={texts ? { borderBottom: 0 } : undefined}>
                <Table.Td>
                  <LessonWhen lesson={lesson} />
                </Table.Td>
                <Table.Td>
                  <LessonParty lesson={lesson} />
                </Table.Td>
                <Table.Td>
                  <LessonLanguage lesson={lesson} />
                </Table.Td>
                <Table.Td>
                  <Stack gap="xs">
                    <LessonStatusBadge
                      lesson={withPendingWrites(lesson)}
                      now={now}
                      pending={isPending(lesson.id)}
                    />
                    <LessonAttendance lesson={lesson} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap" align="flex-start">
                    {joinOffer(lesson, now) !== null && <JoinButton lesson={lesson} />}
                    <RateButton lesson={lesson} />
                    <LessonActionsMenu lesson={lesson} />
                  </Group>
                </Table.Td>
              </Table.Tr>
              {texts && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS} pt={0}>
                    <LessonWrittenTexts lesson={lesson} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          )
        })}
      </Table>
    </Table.ScrollContainer>
  )
}
