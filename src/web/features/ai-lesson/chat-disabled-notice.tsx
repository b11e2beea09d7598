import { Trans } from '@lingui/react/macro'
import { InfoCard } from '../../ui/info-card.tsx'

/** No model configured: said plainly; the tutor never invents a reply. */
export function ChatDisabledNotice() {
  return (
    <InfoCard title={<Trans>Rozmowy z AI są wyłączone</Trans>}>
      <Trans>
        Szkoła nie włączyła rozmów z AI. Słowniczek i odsłuchiwanie własnej wymowy działają bez nich; zapytaj
        szkołę, jeśli chcesz rozmawiać z lektorem AI.
      </Trans>
    </InfoCard>
  )
}
