import { useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '@mantine/hooks'

/** Names the browser tab after the screen, e.g. "Moje lekcje · Lektorium". */
export function usePageTitle(title: string) {
  const { t } = useLingui()
  useDocumentTitle(title ? t`${title} · Lektorium` : t`Lektorium`)
}
