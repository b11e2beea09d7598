import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useAddWord } from '../../api/ai-wordbook.ts'
import { FormError } from '../../ui/form-error.tsx'

/** A word or phrase added by hand, with its translation and an example. */
export function AddWordForm() {
  const { t } = useLingui()
  const add = useAddWord()
  const [term, setTerm] = useState('')
  const [translation, setTranslation] = useState('')
  const [example, setExample] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!term.trim()) return
    add.mutate(
      { term: term.trim(), translation: translation.trim(), example: example.trim() },
      {
        onSuccess: () => {
          setTerm('')
          setTranslation('')
          setExample('')
        },
      },
    )
  }
  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          <Trans>Dodaj słowo</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t`Słowo lub zwrot`}
            required
            maxLength={120}
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
          />
          <TextInput
            label={t`Tłumaczenie`}
            maxLength={200}
            value={translation}
            onChange={(e) => setTranslation(e.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput
          label={t`Przykład`}
          maxLength={300}
          value={example}
          onChange={(e) => setExample(e.currentTarget.value)}
        />
        {add.isError && <FormError>{t`Nie udało się dodać słowa. Spróbuj ponownie.`}</FormError>}
        <Group>
          <Button type="submit" loading={add.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
            <Trans>Dodaj</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
