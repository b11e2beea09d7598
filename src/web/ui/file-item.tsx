import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Menu.css'
import '@mantine/core/styles/ThemeIcon.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, Loader, Menu, Paper, Text, ThemeIcon, UnstyledButton } from '@mantine/core'
import { IconDotsVertical, IconDownload, IconFile, IconTrash } from '@tabler/icons-react'
import { formatFileSize } from './file-check.ts'

type Props = {
  filename: string
  size?: number
  onDownload: () => void
  downloading?: boolean
  /**
   * product-rules.md "Screens and routes": the delete menu only when the user's role equals the
   * file's type (its owner).
   */
  canDelete: boolean
  onDelete?: () => void
  deleting?: boolean
}

/**
 * The file item (product-rules.md "Screens and routes"): a click downloads the file; its owner gets
 * a menu to delete it.
 */
export function FileItem({ filename, size, onDownload, downloading, canDelete, onDelete, deleting }: Props) {
  const { t, i18n } = useLingui()
  const busy = downloading || deleting
  return (
    <Paper withBorder radius="md" px="sm" py={6}>
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <UnstyledButton
          onClick={onDownload}
          disabled={busy}
          aria-label={t`Pobierz plik ${filename}`}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" aria-hidden>
              {downloading ? <Loader size={16} /> : <IconFile size={18} />}
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              {/* Two lines before an ellipsis: on a phone one line hid what told files apart. */}
              <Text size="sm" fw={600} lineClamp={2} title={filename} style={{ overflowWrap: 'anywhere' }}>
                {filename}
              </Text>
              {size !== undefined && (
                <Text size="xs" c="dimmed">
                  {formatFileSize(size, i18n.locale)}
                </Text>
              )}
            </div>
          </Group>
        </UnstyledButton>
        <IconDownload size={18} aria-hidden color="var(--mantine-color-dimmed)" />
        {canDelete && onDelete && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                aria-label={t`Więcej działań dla pliku ${filename}`}
                loading={deleting}
              >
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
                <Trans>Usuń plik</Trans>
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  )
}
