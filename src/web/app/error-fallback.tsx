import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { LOCALES, type Locale } from '../../domain/constants.ts'
import { isCatalogLoaded, loadCatalog, readStoredLocale, translateIn } from '../config/i18n.ts'
import { LogoMark } from '../ui/logo.tsx'

type Texts = { title: MessageDescriptor; body: MessageDescriptor }

const crash: Texts = {
  title: msg`Coś poszło nie tak`,
  body: msg`Przepraszamy – wystąpił nieoczekiwany błąd. Odśwież stronę, aby spróbować ponownie. Jeśli problem się powtarza, spróbuj ponownie za kilka minut.`,
}

// product-rules.md "Errors": a chunk that failed to load (or timed out) is reported as
// ChunkLoadError.
const chunk: Texts = {
  title: msg`Nie udało się wczytać aplikacji`,
  body: msg`Części aplikacji nie udało się pobrać (ChunkLoadError). Sprawdź połączenie z internetem i odśwież stronę – jeśli właśnie pojawiła się nowa wersja Lektorium, odświeżenie ją wczyta.`,
}

const reload = msg`Odśwież stronę`

/** The user's language first, then the others whose catalog is here (or arrives). */
function useScreenLocales(): Locale[] {
  const first = readStoredLocale()
  const [, setArrived] = useState(0)
  useEffect(() => {
    for (const locale of LOCALES) {
      if (isCatalogLoaded(locale)) continue
      // When nothing can be downloaded (the ChunkLoadError case) the screen stays in one language.
      loadCatalog(locale).then(
        () => setArrived((n) => n + 1),
        () => undefined,
      )
    }
  }, [])
  return [first, ...LOCALES.filter((locale) => locale !== first)].filter(isCatalogLoaded)
}

/**
 * The crash screen: in the user's language first, then in the other one (bilingual). It lives in
 * the entry chunk, so it shows even when no other part of the app can be downloaded.
 */
export function ErrorFallback({ kind = 'crash' }: { kind?: 'crash' | 'chunk' }) {
  const texts = kind === 'chunk' ? chunk : crash
  const order = useScreenLocales()
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
            {order.map((locale) => translateIn(locale, reload)).join(' / ')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}
