import '@mantine/core/styles/Badge.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Stack, Text } from '@mantine/core'
import type { AdminLessonDetail } from '../../api/admin-lessons.ts'
import { showInternational } from '../../ui/phone-number.ts'
import { polandDateTime } from './admin-format.ts'
import { DetailSection } from './lesson-detail-sections.tsx'

// The lesson's SMS (product-rules.md "SMS"): what went to whom, and where each stands, as the
// gateway last reported it.

type Sms = AdminLessonDetail['sms'][number]

const states: Record<Sms['state'], { label: MessageDescriptor; color: string }> = {
  sending: { label: msg`Wysyłany`, color: 'blue' },
  retrying: { label: msg`Ponawiany`, color: 'yellow' },
  sent: { label: msg`Wysłany`, color: 'blue' },
  delivered: { label: msg`Doręczony`, color: 'green' },
  failed: { label: msg`Niedoręczony`, color: 'red' },
  skipped: { label: msg`Niewysłany`, color: 'gray' },
}

/** Why a message was held back, in words; a gateway's own code as it is. */
const reasons: Record<string, MessageDescriptor> = {
  daily_cap: msg`dzienny limit SMS-ów`,
  quiet_hours: msg`cisza nocna`,
  too_late: msg`lekcja już się zaczęła`,
}

export function SmsSection({ lesson }: { lesson: AdminLessonDetail }) {
  const { t, i18n } = useLingui()
  return (
    <DetailSection title={<Trans>SMS-y</Trans>}>
      {lesson.sms.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Nie wysłano SMS-ów o tej lekcji.</Trans>
        </Text>
      ) : (
        <Stack gap="sm">
          {lesson.sms.map((sms) => {
            const state = states[sms.state]
            const known = sms.reason ? reasons[sms.reason] : undefined
            const reason = known ? i18n._(known) : sms.reason
            const who = sms.to_role === 'teacher' ? t`lektor` : t`kursant`
            const number = showInternational(sms.to_number)
            const at = polandDateTime(sms.created_at)
            return (
              <Stack key={sms.id} gap={2}>
                <Group gap="xs">
                  <Badge color={state.color} variant="light">
                    {i18n._(state.label)}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {sms.kind === 'lesson_reminder' ? t`Przypomnienie` : t`Odwołanie`}
                  </Text>
                  <Text size="sm">
                    <Trans>
                      do: {who}, {number}, {at}
                    </Trans>
                  </Text>
                  {reason && (
                    <Text size="xs" c="dimmed">
                      ({reason})
                    </Text>
                  )}
                </Group>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {sms.body}
                </Text>
              </Stack>
            )
          })}
        </Stack>
      )}
    </DetailSection>
  )
}
