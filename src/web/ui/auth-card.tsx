import { useLingui } from '@lingui/react/macro'
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Logo } from './logo.tsx'
import { ServerErrorAlert } from './server-error-alert.tsx'
import { usePageTitle } from './use-page-title.ts'

type AuthCardProps = {
  title: string
  description?: ReactNode
  /**
   * product-rules.md "Screens and routes": the logo links to login (to teacher login when on
   * registration).
   */
  logoTo?: string
  /** Wider cards hold multi-step forms (registration). */
  maw?: number
  children: ReactNode
}

/** The card every signed-out screen sits in (product-rules.md "Screens and routes": the auth card). */
export function AuthCard({ title, description, logoTo = '/login', maw = 440, children }: AuthCardProps) {
  const { t } = useLingui()
  usePageTitle(title)
  return (
    <Paper
      component="main"
      withBorder
      shadow="sm"
      radius="lg"
      p={{ base: 'lg', xs: 'xl' }}
      w="100%"
      maw={maw}
    >
      <Stack gap="lg">
        <Anchor
          component={Link}
          to={logoTo}
          aria-label={t`Lektorium – strona logowania`}
          w="fit-content"
          underline="never"
        >
          <Logo />
        </Anchor>
        <Stack gap={6}>
          <Title order={1} fz={26}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        <ServerErrorAlert />
        {children}
      </Stack>
    </Paper>
  )
}
