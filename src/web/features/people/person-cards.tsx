import { useLingui } from '@lingui/react/macro'
import { Paper, Stack, Text, Title } from '@mantine/core'
import { SocialLink } from '../../ui/social-link.tsx'

/** A titled card with one text as written (line breaks kept). */
export function TextCard({ title, text, empty }: { title: string; text: string | null; empty: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {text?.trim() ? (
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

/** The social links, when there are any. */
export function LinksCard({ links }: { links: string[] }) {
  const { t } = useLingui()
  if (links.length === 0) return null
  const title = t`Media społecznościowe`
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {links.map((link) => (
            <li key={link}>
              <SocialLink link={link} />
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  )
}
