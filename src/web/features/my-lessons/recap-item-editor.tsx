import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { type RecapContent, recapContent } from '../../../domain/api/recaps.ts'
import { type FieldMessages, schemaFieldMessages } from '../../api/issue-messages.ts'

// The teacher rewords one item of a draft recap in place (docs/decisions.md "Editing a recap's
// items"): the draft's whole content is checked with the recap's own schema before it is sent.

export type RecapSection = keyof RecapContent
export type RecapItemPlace = { section: RecapSection; index: number }
type Fields = Record<string, string>

/** The item's texts by field name (a topic is one text, `value`). */
function fieldsOf(content: RecapContent, { section, index }: RecapItemPlace): Fields {
  if (section === 'topics') return { value: content.topics[index] ?? '' }
  return { ...content[section][index] }
}

const field = (fields: Fields, name: string) => (fields[name] ?? '').trim()

/** The content with the item's texts replaced by `fields` (trimmed). */
function withFields(content: RecapContent, { section, index }: RecapItemPlace, fields: Fields): RecapContent {
  const replace = <T,>(items: T[], item: T) => items.map((old, i) => (i === index ? item : old))
  const f = (name: string) => field(fields, name)
  switch (section) {
    case 'topics':
      return { ...content, topics: replace(content.topics, f('value')) }
    case 'words':
      return {
        ...content,
        words: replace(content.words, {
          term: f('term'),
          sentence: f('sentence'),
          translation: f('translation'),
        }),
      }
    case 'mistakes':
      return {
        ...content,
        mistakes: replace(content.mistakes, {
          wrong: f('wrong'),
          right: f('right'),
          explanation: f('explanation'),
        }),
      }
    case 'exercises':
      return {
        ...content,
        exercises: replace(content.exercises, { prompt: f('prompt'), answer: f('answer') }),
      }
  }
}

/** The schema's message for this item's field (`words.2.term` → `term`; a topic → `value`). */
function itemMessages(next: RecapContent, { section, index }: RecapItemPlace): FieldMessages {
  const prefix = `${section}.${index}`
  return schemaFieldMessages(recapContent, next, (path) => {
    if (path === prefix) return 'value'
    return path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : null
  })
}

export function RecapItemEditor({
  content,
  place,
  saving,
  onSave,
  onCancel,
}: {
  content: RecapContent
  place: RecapItemPlace
  saving: boolean
  onSave: (next: RecapContent) => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const [fields, setFields] = useState(() => fieldsOf(content, place))
  const [messages, setMessages] = useState<FieldMessages>({})
  const box = useRef<HTMLFormElement>(null)
  useEffect(() => box.current?.querySelector<HTMLElement>('input, textarea')?.focus(), [])

  const labels: Record<RecapSection, [name: string, label: string, long: boolean][]> = {
    topics: [['value', t`Temat`, false]],
    words: [
      ['term', t`Słowo lub zwrot`, false],
      ['sentence', t`Zdanie z lekcji`, true],
      ['translation', t`Tłumaczenie`, false],
    ],
    mistakes: [
      ['wrong', t`Błąd`, false],
      ['right', t`Poprawnie`, false],
      ['explanation', t`Wyjaśnienie`, true],
    ],
    exercises: [
      ['prompt', t`Polecenie`, true],
      ['answer', t`Odpowiedź`, false],
    ],
  }

  const save = () => {
    const next = withFields(content, place, fields)
    const found = itemMessages(next, place)
    setMessages(found)
    if (Object.keys(found).length === 0) onSave(next)
  }
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    // Escape closes the edit only, not the dialog the recap is shown in.
    event.stopPropagation()
    onCancel()
  }

  return (
    <form
      ref={box}
      onKeyDown={cancelOnEscape}
      onSubmit={(event) => {
        event.preventDefault()
        save()
      }}
      data-testid="recap-item-editor"
    >
      <Stack gap="xs">
        {labels[place.section].map(([name, label, long]) => {
          const props = {
            label,
            value: fields[name] ?? '',
            error: messages[name] ? i18n._(messages[name]) : undefined,
            disabled: saving,
          }
          const change = (value: string) => setFields((old) => ({ ...old, [name]: value }))
          return long ? (
            <Textarea
              key={name}
              {...props}
              size="xs"
              rows={2}
              onChange={(e) => change(e.currentTarget.value)}
            />
          ) : (
            <TextInput key={name} {...props} size="xs" onChange={(e) => change(e.currentTarget.value)} />
          )
        })}
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onCancel} disabled={saving}>
            <Trans>Anuluj</Trans>
          </Button>
          <Button size="xs" type="submit" loading={saving}>
            <Trans>Zapisz</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
