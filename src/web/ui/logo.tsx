import { Trans } from '@lingui/react/macro'
import { Group, Text } from '@mantine/core'

/** The Lektorium mark: a speech bubble with an L, the same drawing as public/icons/logo.svg. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="112" fill="#30489f" />
      <path
        d="M152 136h208a56 56 0 0 1 56 56v112a56 56 0 0 1-56 56H236l-84 64v-64a56 56 0 0 1-56-56V192a56 56 0 0 1 56-56z"
        fill="#fff"
      />
      <path
        d="M208 188v120h104"
        fill="none"
        stroke="#30489f"
        strokeWidth="44"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="348" cy="196" r="24" fill="#f47809" />
    </svg>
  )
}

export function Logo({ size = 36 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text
        component="span"
        fw={700}
        fz={size * 0.6}
        c="indigo.9"
        lh={1}
        style={{ letterSpacing: '-0.01em' }}
      >
        <Trans>Lektorium</Trans>
      </Text>
    </Group>
  )
}
