import '@mantine/core/styles/Tabs.css'
import { useLingui } from '@lingui/react/macro'
import { Box, Stack, Tabs, Title } from '@mantine/core'
import {
  IconChartLine,
  IconHome,
  IconMessageCircle,
  IconMicrophone,
  IconNotebook,
  IconSettings,
  type TablerIcon,
} from '@tabler/icons-react'
import { useSearchParams } from 'react-router-dom'
import { lazyComponent } from '../../ui/lazy-component.tsx'
import tabClasses from '../../ui/scrolling-tabs.module.css'
import { usePageTitle } from '../../ui/use-page-title.ts'
import { AI_LESSON_TABS, type AiLessonTab, asTab, TAB_LABELS } from './ai-lesson-tabs.ts'
import { ChatTab } from './chat-tab.tsx'
import { HomeTab } from './home-tab.tsx'
import { PronunciationTab } from './pronunciation-tab.tsx'
import { SettingsTab } from './settings-tab.tsx'
import { WordbookTab } from './wordbook-tab.tsx'

// The progress tab's charts (recharts) are a chunk of their own: no other screen or tab loads them.
const ProgressTab = lazyComponent(async () => (await import('./progress-tab.tsx')).ProgressTab)

const ICONS: Record<AiLessonTab, TablerIcon> = {
  home: IconHome,
  chat: IconMessageCircle,
  settings: IconSettings,
  pronunciation: IconMicrophone,
  wordbook: IconNotebook,
  progress: IconChartLine,
}

/** /dashboard/ai-lesson (architecture.md "AI lesson"): the built-in tutor in six tabs. */
export function AiLessonScreen() {
  const { t, i18n } = useLingui()
  const title = t`Lekcja z AI`
  usePageTitle(title)
  const [params, setParams] = useSearchParams()
  const tab = asTab(params.get('tab'))
  const open = (next: string | null) => setParams({ tab: asTab(next) })
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {title}
      </Title>
      <Tabs
        value={tab}
        onChange={open}
        keepMounted={false}
        classNames={{ list: tabClasses.list, tab: tabClasses.tab }}
      >
        <Tabs.List>
          {AI_LESSON_TABS.map((value) => {
            const Icon = ICONS[value]
            return (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                {i18n._(TAB_LABELS[value])}
              </Tabs.Tab>
            )
          })}
        </Tabs.List>
        <Box pt="lg">
          <Tabs.Panel value="home">
            <HomeTab />
          </Tabs.Panel>
          <Tabs.Panel value="chat">
            <ChatTab initialTopic={params.get('topic') ?? ''} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <SettingsTab />
          </Tabs.Panel>
          <Tabs.Panel value="pronunciation">
            <PronunciationTab />
          </Tabs.Panel>
          <Tabs.Panel value="wordbook">
            <WordbookTab />
          </Tabs.Panel>
          <Tabs.Panel value="progress">
            <ProgressTab />
          </Tabs.Panel>
        </Box>
      </Tabs>
    </Stack>
  )
}
