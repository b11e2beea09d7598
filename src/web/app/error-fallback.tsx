import { msg } from '@lingui/core/macro'
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { LOCALES } from '../../domain/constants.ts'
import { LogoMark } from '../ui/logo.tsx'
import { readStoredLocale, translateIn } from './i18n.ts'

const texts = {
  title: msg`Coś poszło nie tak`,
  body: msg`Przepraszamy – wystąpił nieoczekiwany błąd. Odśwież stronę, aby spróbować ponownie. Jeśli problem się powtarza, spróbuj ponownie za kilka minut.`,
  reload: msg`Odśwież stronę`,
}

/** The crash screen: in the user's language first, then in the other one (bilingual). */
export function ErrorFallback() {
  const first = readStoredLocale()
  const order = [first, ...LOCALES.filter((locale) => locale !== first)]
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper component="main" withBorder radius="lg" p="xl" maw={480} w="100%">
        <Stack gap="lg">
          <LogoMark size={44} />
          {order.map((locale, index) => (
            <Stack key={locale} gap={6} lang={locale}>
              <Title
                order={index === 0 ? 1 : 2}
                fz={index === 0 ? 24 : 16}
                c={index === 0 ? undefined : 'dimmed'}
              >
                {translateIn(locale, texts.title)}
              </Title>
              <Text c="dimmed" size={index === 0 ? 'md' : 'sm'}>
                {translateIn(locale, texts.body)}
              </Text>
            </Stack>
          ))}
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            {translateIn(first, texts.reload)} / {translateIn(order[1] ?? first, texts.reload)}
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}
