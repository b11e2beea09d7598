import { useLingui } from '@lingui/react/macro'
import { Anchor, VisuallyHidden } from '@mantine/core'
import { IconExternalLink } from '@tabler/icons-react'

/**
 * An outside link (social_links, product-rules.md "Records and fields"): opens in a new tab, says
 * so, sends no referrer.
 */
export function SocialLink({ link }: { link: string }) {
  const { t } = useLingui()
  return (
    <Anchor
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {link.replace(/^https?:\/\/(www\.)?/i, '')}{' '}
      <IconExternalLink size={14} aria-hidden style={{ verticalAlign: -2 }} />
      <VisuallyHidden>{t`(otwiera się w nowej karcie)`}</VisuallyHidden>
    </Anchor>
  )
}
