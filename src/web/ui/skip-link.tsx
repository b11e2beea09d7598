import { Trans } from '@lingui/react/macro'
import type { MouseEvent } from 'react'
import classes from './skip-link.module.css'

/**
 * The first Tab stop of a signed-in page jumps past the navigation to the screen's content (WCAG
 * 2.4.1). The target is focused by hand: a hash change would go through the router.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId)
    if (!target) return
    event.preventDefault()
    target.focus()
  }
  return (
    <a className={classes.link} href={`#${targetId}`} onClick={skip}>
      <Trans>Przejdź do treści</Trans>
    </a>
  )
}
