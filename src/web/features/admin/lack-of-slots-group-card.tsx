import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import type { LackOfSlotsGroup, LackOfSlotsHandle } from '../../api/admin-lack-of-slots.ts'
import { polandDateTime } from './admin-format.ts'
import { useLanguageNames } from './use-language-names.ts'

type Props = {
  group: LackOfSlotsGroup
  /** When the list was fetched: "handle the group" leaves what came later waiting. */
  seenAt: string
  busy: boolean
  onHandle: (input: LackOfSlotsHandle) => void
  onLanguage: (language: string) => void
}

/** "18:00–18:59": the group's hour of the day (Poland time). */
const hourRange = (hour: string) => `${hour}:00–${hour}:59`
/** "2026-11-30" → "30.11.2026". */
const dayText = (key: string) => key.split('-').reverse().join('.')

/** One group of requests (Lack-of-slots reports): the same language, level and hour. */
export function LackOfSlotsGroupCard({ group, seenAt, busy, onHandle, onLanguage }: Props) {
  const { t } = useLingui()
  const [chosen, setChosen] = useState<string[]>([])
  const { taught_language: taughtLanguage, level } = group.key
  const languageNames = useLanguageNames()
  // Shown in the interface language; the filter and the handling keep the name the reports carry.
  const language = languageNames.byName(taughtLanguage)
  const hours = hourRange(group.key.hour)
  const count = group.count
  const waiting = group.unhandled
  const teaching = group.teaching_languages.map(languageNames.byName).join(', ')
  const last = polandDateTime(group.last_at)
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((x) => x !== id)))
  const waitingIds = group.latest.filter((r) => !r.handled_at).map((r) => r.id)
  const picked = chosen.filter((id) => waitingIds.includes(id))

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`${language} ${level}, ${hours}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {language} {level}, {hours}
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                Zgłoszenia: {count}, ostatnie {last}. Nauka w języku: {teaching}.
              </Trans>
            </Text>
          </div>
          {waiting > 0 ? (
            <Badge color="orange" variant="light">
              <Trans>Czeka: {waiting}</Trans>
            </Badge>
          ) : (
            <Badge color="green" variant="light">
              <Trans>Obsłużone</Trans>
            </Badge>
          )}
        </Group>
        <Stack
          gap={6}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t`Najnowsze zgłoszenia`}
        >
          {group.latest.map((report) => {
            const wanted = `${dayText(report.date)} ${report.hour}`
            const student = report.student.name
            const created = polandDateTime(report.created_at)
            const handledAt = report.handled_at ? polandDateTime(report.handled_at) : ''
            const details = (
              <>
                <Text size="sm" fw={600} span>
                  {student}
                </Text>{' '}
                <Text size="sm" span>
                  <Trans>chce {wanted}</Trans>
                  {report.specialization && ` · ${report.specialization}`}
                </Text>
                <Text size="xs" c="dimmed" component="span" display="block">
                  {report.student.email}
                  {report.student.phone_number && ` · ${report.student.phone_number}`} ·{' '}
                  <Trans>wysłane {created}</Trans>
                </Text>
              </>
            )
            return (
              <li key={report.id}>
                {report.handled_at ? (
                  <div style={{ opacity: 0.7 }}>
                    {details}
                    <Text size="xs" c="dimmed">
                      <Trans>Obsłużone {handledAt}</Trans>
                      {report.handled_by && ` (${report.handled_by.email})`}
                    </Text>
                  </div>
                ) : (
                  <Checkbox
                    checked={chosen.includes(report.id)}
                    onChange={(event) => toggle(report.id, event.currentTarget.checked)}
                    label={details}
                  />
                )}
              </li>
            )
          })}
        </Stack>
        {count > group.latest.length && (
          <Text size="xs" c="dimmed">
            <Trans>Widać {group.latest.length} najnowszych zgłoszeń z grupy.</Trans>
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Anchor component="button" type="button" size="sm" onClick={() => onLanguage(taughtLanguage)}>
            <Trans>Tylko {language}</Trans>
          </Anchor>
          {waiting > 0 && (
            <Group gap="sm">
              <Button
                variant="default"
                disabled={picked.length === 0 || busy}
                onClick={() => onHandle({ ids: picked })}
              >
                <Trans>Oznacz zaznaczone ({picked.length})</Trans>
              </Button>
              <Button
                loading={busy}
                onClick={() =>
                  onHandle({
                    group: { taught_language: taughtLanguage, level, hour: group.key.hour },
                    until: seenAt,
                  })
                }
              >
                <Trans>Oznacz całą grupę jako obsłużoną</Trans>
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
