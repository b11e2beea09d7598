import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Menu.css'
import { useLingui } from '@lingui/react/macro'
import { Menu } from '@mantine/core'
import { IconCheck, IconSettings } from '@tabler/icons-react'
import { useState } from 'react'
import { ControlButton } from '../../ui/control-button.tsx'
import type { MediaKind } from './call/peer-link.ts'
import { type DeviceLists, listDevices } from './use-local-preview.ts'

type Props = {
  current: Record<MediaKind, string | undefined>
  onSwitch: (kind: MediaKind, deviceId: string) => void
}

/** Switching the camera or microphone mid-call (the sender's track is replaced, no renegotiation). */
export function DeviceMenu({ current, onSwitch }: Props) {
  const { t } = useLingui()
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], microphones: [] })
  const section = (kind: MediaKind, title: string, list: MediaDeviceInfo[]) => [
    <Menu.Label key={`${kind}-label`}>{title}</Menu.Label>,
    ...list.map((device, index) => (
      <Menu.Item
        key={`${kind}-${device.deviceId}`}
        onClick={() => onSwitch(kind, device.deviceId)}
        leftSection={
          current[kind] === device.deviceId ? (
            <IconCheck size={14} aria-hidden />
          ) : (
            <span style={{ width: 14 }} />
          )
        }
        aria-current={current[kind] === device.deviceId ? 'true' : undefined}
      >
        {device.label || `${title} ${index + 1}`}
      </Menu.Item>
    )),
  ]
  return (
    <Menu position="top" withinPortal onOpen={() => void listDevices().then(setDevices, () => undefined)}>
      <Menu.Target>
        <ControlButton
          label={t`Ustawienia kamery i mikrofonu`}
          short={t`Ustawienia`}
          icon={<IconSettings size={22} aria-hidden />}
        />
      </Menu.Target>
      <Menu.Dropdown>
        {section('video', t`Kamera`, devices.cameras)}
        <Menu.Divider />
        {section('audio', t`Mikrofon`, devices.microphones)}
      </Menu.Dropdown>
    </Menu>
  )
}
