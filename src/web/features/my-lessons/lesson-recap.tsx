import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconPencil, IconX } from '@tabler/icons-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { Recap, RecapContent } from '../../../domain/api/recaps.ts'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { useProfile } from '../../api/profile.ts'
import { useAddRecapWords, useLessonRecaps, usePublishRecap, useUpdateRecap } from '../../api/recaps.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { useLessonView } from './lesson-view-context.tsx'
import { RecapExercise } from './recap-exercise.tsx'
import { RecapItemEditor, type RecapItemPlace, type RecapSection } from './recap-item-editor.tsx'
import './recap-error-messages.ts'

// The lesson recap beside its recording (docs/decisions.md "The lesson recap"): the teacher reviews
// the draft, rewords or removes what should not reach the student and publishes it; the student
// reads it once published. Until then each sees where it stands.

type Section = RecapSection
/** The teacher's review of a draft: each item's edit and removal, and the item being edited. */
type Review = {
  onRemove: (section: Section, index: number) => void
  onEdit: (place: RecapItemPlace) => void
  editing: RecapItemPlace | null
  editor: (place: RecapItemPlace) => ReactNode
}

function Item({
  children,
  label,
  place,
  review,
}: {
  children: ReactNode
  label: string
  place: RecapItemPlace
  review?: Review
}) {
  const { t } = useLingui()
  const editing = review?.editing?.section === place.section && review.editing.index === place.index
  const editButton = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)
  // Saved or cancelled, the keyboard is back on the item's edit button.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus()
    wasEditing.current = editing
  }, [editing])
  if (review && editing) return <li>{review.editor(place)}</li>
  const busy = review?.editing != null
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
      <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
      {review && (
        <Group gap={0} wrap="nowrap">
          <ActionIcon
            ref={editButton}
            variant="subtle"
            color="gray"
            aria-label={t`Popraw: ${label}`}
            disabled={busy}
            onClick={() => review.onEdit(place)}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t`Usuń: ${label}`}
            disabled={busy}
            onClick={() => review.onRemove(place.section, place.index)}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  )
}

function Part({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{title}</Text>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {children}
      </Stack>
    </Stack>
  )
}

/** Each item with a key of its own text (repeated texts counted), and its place for removal. */
function keyed<T>(items: T[], textOf: (item: T) => string) {
  const seen = new Map<string, number>()
  return items.map((item, index) => {
    const text = textOf(item)
    const n = (seen.get(text) ?? 0) + 1
    seen.set(text, n)
    return { item, index, key: `${text}#${n}` }
  })
}

function RecapContentView({
  content,
  review,
  practise = false,
}: {
  content: RecapContent
  review?: Review
  /** The student answers the exercises; the teacher sees their answers. */
  practise?: boolean
}) {
  return (
    <Stack gap="sm" data-testid="recap-content">
      {content.topics.length > 0 && (
        <Part title={<Trans>Tematy lekcji</Trans>}>
          {keyed(content.topics, (topic) => topic).map(({ item: topic, index, key }) => (
            <Item key={key} label={topic} place={{ section: 'topics', index }} review={review}>
              <Text size="sm">{topic}</Text>
            </Item>
          ))}
        </Part>
      )}
      {content.words.length > 0 && (
        <Part title={<Trans>Nowe słowa i zwroty</Trans>}>
          {keyed(content.words, (word) => word.term).map(({ item: word, index, key }) => (
            <Item key={key} label={word.term} place={{ section: 'words', index }} review={review}>
              <Text size="sm">
                <b>{word.term}</b> — {word.translation}
              </Text>
              <Text size="xs" c="dimmed" fs="italic">
                {word.sentence}
              </Text>
            </Item>
          ))}
        </Part>
      )}
      {content.mistakes.length > 0 && (
        <Part title={<Trans>Powtarzające się błędy</Trans>}>
          {keyed(content.mistakes, (mistake) => mistake.wrong).map(({ item: mistake, index, key }) => (
            <Item key={key} label={mistake.wrong} place={{ section: 'mistakes', index }} review={review}>
              <Text size="sm">
                <s>{mistake.wrong}</s> → <b>{mistake.right}</b>
              </Text>
              <Text size="xs" c="dimmed">
                {mistake.explanation}
              </Text>
            </Item>
          ))}
        </Part>
      )}
      {content.exercises.length > 0 && (
        <Part title={<Trans>Ćwiczenia</Trans>}>
          {keyed(content.exercises, (exercise) => exercise.prompt).map(({ item: exercise, index, key }) => (
            <Item key={key} label={exercise.prompt} place={{ section: 'exercises', index }} review={review}>
              {practise ? (
                <RecapExercise exercise={exercise} />
              ) : (
                <>
                  <Text size="sm">{exercise.prompt}</Text>
                  <Text size="xs" c="dimmed">
                    {exercise.answer}
                  </Text>
                </>
              )}
            </Item>
          ))}
        </Part>
      )}
    </Stack>
  )
}

const without = (content: RecapContent, section: Section, index: number): RecapContent => ({
  ...content,
  [section]: content[section].filter((_, i) => i !== index),
})

const errorOf = (error: unknown) =>
  error instanceof ApiError ? apiErrorMessage(error) : codeMessage('server_error')

function TeacherDraft({
  recap,
  content,
  lessonId,
}: {
  recap: Recap
  content: RecapContent
  lessonId: string
}) {
  const update = useUpdateRecap(lessonId)
  const publish = usePublishRecap(lessonId)
  const at = recap.publish_at ? new Date(recap.publish_at) : null
  const when = at ? `${formatPolandDate(at)}, ${formatPolandTime(at)}` : ''
  const [editing, setEditing] = useState<RecapItemPlace | null>(null)
  const failed = update.error ?? publish.error
  const review: Review = {
    onRemove: (section, index) =>
      update.mutate({ recap_id: recap.id, content: without(content, section, index) }),
    onEdit: (place) => {
      update.reset()
      setEditing(place)
    },
    editing,
    editor: (place) => (
      <RecapItemEditor
        content={content}
        place={place}
        saving={update.isPending}
        onCancel={() => setEditing(null)}
        onSave={(next) =>
          update.mutate({ recap_id: recap.id, content: next }, { onSuccess: () => setEditing(null) })
        }
      />
    ),
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {at ? (
          <Trans>
            Szkic do sprawdzenia: kursant go nie widzi. Popraw albo usuń to, co nie powinno do niego trafić, i
            opublikuj; bez tego podsumowanie opublikuje się samo {when}.
          </Trans>
        ) : (
          <Trans>
            Szkic do sprawdzenia: kursant go nie widzi. Popraw albo usuń to, co nie powinno do niego trafić, i
            opublikuj.
          </Trans>
        )}
      </Text>
      <RecapContentView content={content} review={review} />
      {failed && (
        <FormError>
          <Message of={errorOf(failed)} />
        </FormError>
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => publish.mutate(recap.id)}
          loading={publish.isPending}
          disabled={update.isPending || editing !== null}
        >
          <Trans>Opublikuj podsumowanie</Trans>
        </Button>
      </Group>
    </Stack>
  )
}

/** A published recap's words into the student's AI wordbook in one tap (with ai_access only). */
function AddWords({ recap, count }: { recap: Recap; count: number }) {
  const add = useAddRecapWords()
  const aiAccess = useProfile().data?.ai_access ?? false
  if (!aiAccess || count === 0) return null
  const added = add.data?.added ?? 0
  return (
    <Stack gap={4} align="flex-start">
      {add.data ? (
        <Text size="sm" c="green.8" role="status">
          {added > 0 ? (
            <Trans>Dodano do słownika nowe słowa: {added}.</Trans>
          ) : (
            <Trans>Wszystkie te słowa są już w słowniku.</Trans>
          )}
        </Text>
      ) : (
        <Button size="xs" variant="light" onClick={() => add.mutate(recap.id)} loading={add.isPending}>
          <Trans>Dodaj słowa do słownika</Trans>
        </Button>
      )}
      {add.error && (
        <FormError>
          <Message of={errorOf(add.error)} />
        </FormError>
      )}
    </Stack>
  )
}

function Waiting({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" role="status" wrap="nowrap">
      <Loader size="xs" />
      <Text size="sm">{children}</Text>
    </Group>
  )
}

function RecapState({ recap, lessonId, saved }: { recap: Recap; lessonId: string; saved: boolean }) {
  const { role } = useLessonView()
  const teacher = role === 'teacher'
  if (recap.status === 'preparing')
    return (
      <Waiting>
        <Trans>Podsumowanie lekcji jest przygotowywane.</Trans>
      </Waiting>
    )
  if (recap.status === 'failed') {
    const reason = recap.failure_reason ?? ''
    return (
      <Text size="sm" c="red" role="status">
        {teacher && reason ? (
          <Trans>Nie udało się przygotować podsumowania ({reason}).</Trans>
        ) : (
          <Trans>Nie udało się przygotować podsumowania tej lekcji.</Trans>
        )}
      </Text>
    )
  }
  if (!recap.content)
    return (
      <Waiting>
        <Trans>Podsumowanie czeka na sprawdzenie przez lektora.</Trans>
      </Waiting>
    )
  if (recap.status === 'draft' && teacher)
    return <TeacherDraft recap={recap} content={recap.content} lessonId={lessonId} />
  return (
    <Stack gap="sm">
      <RecapContentView content={recap.content} practise={!teacher} />
      {/* The device's copy offline: the words reach the wordbook once the connection is back. */}
      {!teacher && !saved && <AddWords recap={recap} count={recap.content.words.length} />}
    </Stack>
  )
}

/** The lesson's newest recap, if the school makes them; nothing otherwise. */
export function LessonRecap({ lessonId }: { lessonId: string }) {
  const recaps = useLessonRecaps(lessonId)
  const recap = recaps.data?.recaps[0]
  const savedAt = recaps.data?.savedAt ?? null
  if (!recap) return null
  const when = savedAt === null ? '' : `${formatPolandDate(savedAt)} ${formatPolandTime(savedAt)}`
  return (
    <Paper withBorder radius="md" p="sm" data-testid="lesson-recap">
      <Stack gap="xs">
        <Text fw={700}>
          <Trans>Podsumowanie lekcji</Trans>
        </Text>
        {savedAt !== null && (
          <Text size="xs" c="dimmed" role="status">
            <Trans>Brak połączenia: to kopia podsumowania z tego urządzenia ({when}).</Trans>
          </Text>
        )}
        <RecapState recap={recap} lessonId={lessonId} saved={savedAt !== null} />
      </Stack>
    </Paper>
  )
}
