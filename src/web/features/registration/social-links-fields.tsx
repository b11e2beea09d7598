import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { SOCIAL_LINKS_MAX } from '../../../domain/validation/rules.ts'
import { fieldProps } from '../../ui/forms/field-props.ts'
import { SectionFieldset } from '../../ui/forms/section-fieldset.tsx'
import type { SocialLinkValues } from './teacher-form.ts'

type SocialLinksFormValues = { social_links: SocialLinkValues[] }

/** Optional social links as name and link pairs (the registration payload). */
export function SocialLinksFields({ form }: { form: UseFormReturnType<SocialLinksFormValues, unknown> }) {
  const { t } = useLingui()
  const links = form.useWatchValue('social_links')
  return (
    <SectionFieldset legend={t`Media społecznościowe (opcjonalnie)`}>
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          <Trans>Np. LinkedIn, YouTube albo Twoja strona. Podaj pełny adres z https://.</Trans>
        </Text>
        {links.map((_, index) => {
          const number = index + 1
          return (
            <Group key={form.key(`social_links.${index}`)} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={t`Nazwa`}
                placeholder="LinkedIn"
                w="35%"
                maxLength={50}
                {...fieldProps(form, `social_links.${index}.name`)}
              />
              <TextInput
                label={t`Adres`}
                placeholder="https://"
                type="url"
                inputMode="url"
                style={{ flex: 1 }}
                {...fieldProps(form, `social_links.${index}.link`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                size="lg"
                aria-label={t`Usuń link ${number}`}
                onClick={() => form.removeListItem('social_links', index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          )
        })}
        {links.length < SOCIAL_LINKS_MAX && (
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => form.insertListItem('social_links', { name: '', link: '' })}
          >
            <Trans>Dodaj link</Trans>
          </Button>
        )}
      </Stack>
    </SectionFieldset>
  )
}
