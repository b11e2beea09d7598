import { Trans } from '@lingui/react/macro'
import { PageLoader } from '../ui/page-loader.tsx'

/** Shown while a screen's chunk downloads (and while a failed one reloads the page). */
export function AppLoader() {
  return <PageLoader label={<Trans>Wczytujemy…</Trans>} />
}
