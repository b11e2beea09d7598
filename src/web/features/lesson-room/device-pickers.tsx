import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/SimpleGrid.css'
import { useLingui } from '@lingui/react/macro'
import { Select, SimpleGrid } from '@mantine/core'
import { IconMicrophone, IconVideo } from '@tabler/icons-react'
import type { DeviceLists } from './use-local-preview.ts'

type Props = {
  devices: DeviceLists
  cameraId: string | null
  microphoneId: string | null
  onCamera: (deviceId: string) => void
  onMicrophone: (deviceId: string) => void
  cameraDisabled?: boolean
}

const options = (list: MediaDeviceInfo[], unnamed: (n: number) => string) =>
  list.map((device, index) => ({ value: device.deviceId, label: device.label || unnamed(index + 1) }))

/** The camera and microphone pickers (enumerateDevices; names appear once permission is given). */
export function DevicePickers({
  devices,
  cameraId,
  microphoneId,
  onCamera,
  onMicrophone,
  cameraDisabled,
}: Props) {
  const { t } = useLingui()
  const cameras = options(devices.cameras, (n) => t`Kamera ${n}`)
  const microphones = options(devices.microphones, (n) => t`Mikrofon ${n}`)
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label={t`Kamera`}
        leftSection={<IconVideo size={16} aria-hidden />}
        data={cameras}
        value={cameraId ?? cameras[0]?.value ?? null}
        onChange={(value) => value && onCamera(value)}
        disabled={cameraDisabled || cameras.length === 0}
        placeholder={t`Brak kamery`}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t`Mikrofon`}
        leftSection={<IconMicrophone size={16} aria-hidden />}
        data={microphones}
        value={microphoneId ?? microphones[0]?.value ?? null}
        onChange={(value) => value && onMicrophone(value)}
        disabled={microphones.length === 0}
        placeholder={t`Brak mikrofonu`}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  )
}
