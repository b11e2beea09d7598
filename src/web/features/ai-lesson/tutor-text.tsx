import { useLingui } from '@lingui/react/macro'
import { Text, UnstyledButton } from '@mantine/core'
import { Fragment } from 'react'
import { useAddWord } from '../../api/ai-wordbook.ts'
import { showToast } from '../../ui/toast.ts'

// A tutor's reply with every word a button (a word in a reply can be saved to the wordbook with one
// tap); the sentence it stands in is kept as the word's example.

const TOKENS = /([\p{L}\p{M}][\p{L}\p{M}'’-]*)/u

function sentenceAround(text: string, index: number): string {
  const start =
    Math.max(text.lastIndexOf('.', index), text.lastIndexOf('!', index), text.lastIndexOf('?', index)) + 1
  const ends = ['.', '!', '?'].map((mark) => text.indexOf(mark, index)).filter((at) => at >= 0)
  const end = ends.length > 0 ? Math.min(...ends) + 1 : text.length
  return text.slice(start, end).trim().slice(0, 300)
}

export function TutorText({ text }: { text: string }) {
  const { t } = useLingui()
  const addWord = useAddWord()
  const save = (word: string, at: number) =>
    addWord.mutate(
      { term: word, translation: '', example: sentenceAround(text, at) },
      {
        onSuccess: () =>
          showToast({ message: t`Zapisano „${word}” w słowniczku`, color: 'green', autoClose: 1500 }),
        onError: () => showToast({ message: t`Nie udało się zapisać słowa`, color: 'red' }),
      },
    )
  let offset = 0
  return (
    <Text style={{ whiteSpace: 'pre-wrap' }}>
      {text.split(TOKENS).map((token) => {
        const at = offset
        offset += token.length
        // split() with a capturing group gives words as the tokens that match it.
        if (!TOKENS.test(token)) return <Fragment key={`s${at}`}>{token}</Fragment>
        return (
          <UnstyledButton
            key={`w${at}`}
            onClick={() => save(token, at)}
            aria-label={t`Zapisz „${token}” w słowniczku`}
            fz="inherit"
            style={{ borderBottom: '1px dotted var(--mantine-color-indigo-4)', lineHeight: 'inherit' }}
          >
            {token}
          </UnstyledButton>
        )
      })}
    </Text>
  )
}
