import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { randomId, useDebouncedValue } from '@mantine/hooks'
import { IconLink, IconPlus, IconTrash } from '@tabler/icons-react'
import { SOCIAL_LINK_DEBOUNCE_MS } from '../../../domain/constants.ts'
import { SOCIAL_LINKS_MAX } from '../../../domain/validation/rules.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { Message } from '../../ui/message.tsx'
import { DialogActions } from './dialog-actions.tsx'
import { successTexts } from './profile-toasts.ts'
import { payloadRowIndex, socialLinkHints, socialLinksPayload } from './social-links.ts'
import { useGroupSave } from './use-group-save.ts'

/** A row with a stable key, so removing one row keeps the others' inputs in place. */
const linkRow = (link: string) => ({ key: randomId(), link })

type Props = { opened: boolean; onClose: () => void; links: string[] }

/** EditSocialMedia: a list of links (product-rules.md "Validation"). */
export function EditSocialMediaDialog({ opened, onClose, links }: Props) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Media społecznościowe`}>
      <EditSocialMediaForm links={links} onDone={onClose} />
    </AppDialog>
  )
}

export function EditSocialMediaForm({ links, onDone }: { links: string[]; onDone: () => void }) {
  const { t } = useLingui()
  const form = useForm({ initialValues: { links: (links.length > 0 ? links : ['']).map(linkRow) } })
  const rows = form.getValues().links.map((row) => row.link)
  // product-rules.md "Validation": edits are debounced 500 ms before they are checked. (A string,
  // so re-renders with equal rows do not restart the wait.)
  const [settledText] = useDebouncedValue(rows.join('\n'), SOCIAL_LINK_DEBOUNCE_MS)
  const settled = settledText.split('\n')
  const hints = socialLinkHints(settled)
  const { submit, pending, failure } = useGroupSave({
    form,
    payload: (values) => ({ social_links: socialLinksPayload(values.links.map((row) => row.link)) }),
    mapPath: (path) => {
      const match = /^social_links\.(\d+)$/.exec(path)
      const current = form.getValues().links.map((row) => row.link)
      const row = match ? payloadRowIndex(current, Number(match[1])) : -1
      return row >= 0 ? `links.${row}.link` : 'links'
    },
    success: successTexts.data,
    onSaved: onDone,
    // product-rules.md "Errors": a failed social-link save shows the update-data error.
    failureToast: true,
  })
  const nothingToSave = socialLinksPayload(rows).length === 0

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>
            Podaj pełne adresy profili, np. https://www.linkedin.com/in/… Powtórzony link zapiszemy raz.
          </Trans>
        </Text>
        {form.getValues().links.map(({ key, link }, index) => {
          const hint = settled[index] === link ? hints[index] : undefined
          const number = index + 1
          const path = `links.${index}.link`
          return (
            <TextInput
              key={key}
              aria-label={t`Link ${number}`}
              placeholder="https://"
              type="url"
              inputMode="url"
              leftSection={<IconLink size={16} aria-hidden />}
              rightSection={
                rows.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t`Usuń link ${number}`}
                    onClick={() => form.removeListItem('links', index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )
              }
              {...form.getInputProps(path)}
              error={form.errors[path] ?? (hint?.error ? <Message of={hint.error} /> : null)}
              description={hint?.duplicate ? t`Ten link jest już na liście – zapiszemy go raz.` : undefined}
              onFocus={() => form.clearFieldError(path)}
            />
          )
        })}
        {form.errors.links && (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.links}
          </Text>
        )}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('links', linkRow(''))}
          disabled={rows.length >= SOCIAL_LINKS_MAX}
          w="fit-content"
        >
          <Trans>Dodaj link</Trans>
        </Button>
        <DialogActions onCancel={onDone} pending={pending} failure={failure} disabled={nothingToSave} />
      </Stack>
    </form>
  )
}
