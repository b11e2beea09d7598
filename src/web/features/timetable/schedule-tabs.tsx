import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Divider.css'
import '@mantine/core/styles/Tabs.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Divider, Stack, Tabs, Text } from '@mantine/core'
import { Fragment } from 'react'
import type { FieldMessages } from '../../api/issue-messages.ts'
import tabClasses from '../../ui/scrolling-tabs.module.css'
import { DateDayEditor } from './date-day-editor.tsx'
import { DayEditor } from './day-editor.tsx'
import { weekdayLabel } from './day-labels.ts'
import { WEEKDAY_KEYS } from './schedule-form.ts'
import type { ScheduleEditor } from './use-schedule-editor.ts'

export type ScheduleTab = 'weekly' | 'this' | 'next'

type Props = {
  editor: ScheduleEditor
  /** The dates still to come in the current week, and the next week's dates. */
  weeks: { this: string[]; next: string[] }
  tab: ScheduleTab
  onTab: (tab: ScheduleTab) => void
}

/** Which tab shows a message's path (so a tab with problems can be marked and opened). */
export function tabOf(path: string, weeks: Props['weeks']): ScheduleTab {
  if (path.startsWith('weekdays')) return 'weekly'
  return weeks.next.some((date) => path.startsWith(`dates.${date}`)) ? 'next' : 'this'
}

const countIn = (messages: FieldMessages, tab: ScheduleTab, weeks: Props['weeks']) =>
  Object.keys(messages).filter((path) => tabOf(path, weeks) === tab).length

/** The SetLesson form's days: the weekly pattern (cyclical only), then this and next week's dates. */
export function ScheduleTabs({ editor, weeks, tab, onTab }: Props) {
  const { t, i18n } = useLingui()
  const { values, messages } = editor
  const label = (name: string, which: ScheduleTab) => {
    const problems = countIn(messages, which, weeks)
    return (
      <>
        {name}
        {problems > 0 && (
          <Badge ml={6} size="xs" color="red" circle aria-label={t`Do poprawienia: ${problems}`}>
            {problems}
          </Badge>
        )}
      </>
    )
  }
  const dateList = (dates: string[]) => (
    <Stack gap="md">
      {dates.map((date, index) => (
        <Fragment key={date}>
          {index > 0 && <Divider />}
          <DateDayEditor date={date} editor={editor} messages={messages} />
        </Fragment>
      ))}
    </Stack>
  )
  return (
    <Tabs
      value={tab}
      onChange={(next) => onTab(next === 'next' || next === 'weekly' ? next : 'this')}
      keepMounted={false}
      classNames={{ list: tabClasses.list, tab: tabClasses.tab }}
    >
      <Tabs.List grow>
        {values.cyclical && <Tabs.Tab value="weekly">{label(t`Co tydzień`, 'weekly')}</Tabs.Tab>}
        <Tabs.Tab value="this">{label(t`Ten tydzień`, 'this')}</Tabs.Tab>
        <Tabs.Tab value="next">{label(t`Następny tydzień`, 'next')}</Tabs.Tab>
      </Tabs.List>
      {values.cyclical && (
        <Tabs.Panel value="weekly" pt="md">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              <Trans>Te godziny powtarzają się w każdym tygodniu.</Trans>
            </Text>
            {WEEKDAY_KEYS.map((key, index) => (
              <Fragment key={key}>
                {index > 0 && <Divider />}
                <DayEditor
                  prefix={`weekdays.${key}`}
                  label={weekdayLabel(key, i18n.locale)}
                  intervals={values.weekdays[key]}
                  messages={messages}
                  onChange={(intervals) => editor.setWeekday(key, intervals)}
                />
              </Fragment>
            ))}
          </Stack>
        </Tabs.Panel>
      )}
      <Tabs.Panel value="this" pt="md">
        {dateList(weeks.this)}
      </Tabs.Panel>
      <Tabs.Panel value="next" pt="md">
        {dateList(weeks.next)}
      </Tabs.Panel>
    </Tabs>
  )
}
