import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import {
  type AdminGroupClassDetail,
  type EnrolCsvRow,
  type EnrolResult,
  useEnrolCompany,
  useEnrolCsv,
  useEnrolStudents,
} from '../../api/admin-group-classes.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { readCsvFile } from './csv-file.ts'
import { DialogActions } from './dialog-actions.tsx'
import { groupClassProblem } from './group-class-problems.ts'
import { onField } from './group-field-problem.tsx'
import { LessonPartyPicker } from './lesson-party-picker.tsx'

// Students into a class (product-rules.md "Group classes"): picked by name or e-mail, from a CSV
// of e-mails (a row with a problem enrols nobody: the rows say what to fix), or everyone of a
// company. Places go in that order; the rest join the waiting list.

type Way = 'search' | 'csv' | 'company'

function Outcome({ result }: { result: EnrolResult }) {
  const { enrolled, waiting, already } = result
  return (
    <Alert color="green" variant="light" role="status">
      <Trans>
        Zapisani: {enrolled}; na liście oczekujących: {waiting}; już w zajęciach: {already}.
      </Trans>
    </Alert>
  )
}

const rowProblem = (problem: NonNullable<EnrolCsvRow['problem']>): MessageDescriptor =>
  problem === 'email_invalid'
    ? msg`nieprawidłowy e-mail`
    : problem === 'email_duplicate'
      ? msg`ten e-mail jest w pliku więcej niż raz`
      : msg`nie ma aktywnego kursanta z tym adresem`

function CsvRows({ rows }: { rows: EnrolCsvRow[] }) {
  const { t } = useLingui()
  const bad = rows.filter((row) => row.problem !== null)
  return (
    <Stack
      gap={6}
      component="ol"
      aria-label={t`Wiersze z problemami`}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {bad.map((row) => {
        const line = row.line
        return (
          <Paper key={row.line} component="li" withBorder radius="sm" px="sm" py={6}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              <Trans>Wiersz {line}:</Trans> {row.email || '—'}
            </Text>
            {row.problem && (
              <Text size="sm" c="red.8">
                <Message of={rowProblem(row.problem)} />
              </Text>
            )}
          </Paper>
        )
      })}
    </Stack>
  )
}

export function GroupEnrolDialog({ group, onClose }: { group: AdminGroupClassDetail; onClose: () => void }) {
  const { t } = useLingui()
  const [way, setWay] = useState<Way>('search')
  const byIds = useEnrolStudents(group.id)
  const byCsv = useEnrolCsv(group.id)
  const byCompany = useEnrolCompany(group.id)
  const [picked, setPicked] = useState<{ id: string; name: string }[]>([])
  const [csv, setCsv] = useState('')
  const [unreadable, setUnreadable] = useState(false)
  const [company, setCompany] = useState(group.company_name ?? '')
  const current = way === 'search' ? byIds : way === 'csv' ? byCsv : byCompany
  const pending = current.isPending
  const problem = groupClassProblem(current.error)
  const result: EnrolResult | null =
    way === 'csv' ? (byCsv.data?.added ? byCsv.data : null) : (current.data ?? null)
  const free = Math.max(0, group.capacity - group.roster.length)
  const close = () => {
    if (!pending) onClose()
  }
  const reset = () => {
    byIds.reset()
    byCsv.reset()
    byCompany.reset()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (way === 'search' && picked.length > 0)
      byIds.mutate(
        picked.map((p) => p.id),
        { onSuccess: () => setPicked([]) },
      )
    if (way === 'csv' && csv.trim()) byCsv.mutate(csv)
    if (way === 'company' && company.trim()) byCompany.mutate(company.trim())
  }
  const choose = async (file: File | null) => {
    if (!file) return
    const read = await readCsvFile(file)
    setUnreadable(!read.ok)
    if (read.ok) setCsv(read.text)
    reset()
  }

  return (
    <AppDialog opened onClose={close} title={t`Zapisz kursantów`} variant="shared" closeDisabled={pending}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            <Trans>Wolnych miejsc: {free}. Kolejni trafią na listę oczekujących, w tej kolejności.</Trans>
          </Text>
          <SegmentedControl
            aria-label={t`Sposób zapisu`}
            value={way}
            fullWidth
            onChange={(value) => {
              setWay(value === 'csv' ? 'csv' : value === 'company' ? 'company' : 'search')
              reset()
            }}
            data={[
              { value: 'search', label: t`Wyszukaj` },
              { value: 'csv', label: t`CSV` },
              { value: 'company', label: t`Firma` },
            ]}
          />
          {way === 'search' && (
            <>
              <LessonPartyPicker
                party="student"
                label={t`Kursant`}
                value={{ id: '', name: '' }}
                onChange={(person) => {
                  if (person.id && !picked.some((p) => p.id === person.id)) setPicked([...picked, person])
                  reset()
                }}
              />
              {picked.length > 0 && (
                <Stack
                  gap={4}
                  component="ul"
                  aria-label={t`Wybrani kursanci`}
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                >
                  {picked.map((person) => {
                    const name = person.name
                    return (
                      <Group key={person.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {person.name}
                        </Text>
                        <CloseButton
                          aria-label={t`Usuń z wybranych: ${name}`}
                          onClick={() => setPicked(picked.filter((p) => p.id !== person.id))}
                        />
                      </Group>
                    )
                  })}
                </Stack>
              )}
            </>
          )}
          {way === 'csv' && (
            <>
              <Text size="sm">
                <Trans>
                  Jeden adres e-mail w wierszu (pierwsza kolumna); wiersz nagłówka „email” można zostawić.
                </Trans>
              </Text>
              <Group>
                <FileButton accept=".csv,text/csv,text/plain" onChange={(file) => void choose(file)}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                      disabled={pending}
                    >
                      <Trans>Wybierz plik CSV</Trans>
                    </Button>
                  )}
                </FileButton>
              </Group>
              {unreadable && (
                <FormError>
                  <Trans>
                    Tego pliku nie udało się odczytać. Zapisz go jako CSV UTF-8 i wybierz ponownie.
                  </Trans>
                </FormError>
              )}
              <Textarea
                label={t`Adresy e-mail`}
                rows={5}
                value={csv}
                onChange={(event) => {
                  setCsv(event.currentTarget.value)
                  reset()
                }}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                error={onField(problem, 'csv')}
              />
              {byCsv.data && !byCsv.data.added && (
                <>
                  <Alert color="yellow" variant="light" role="status">
                    <Trans>Nikogo nie zapisano: popraw wiersze poniżej i wyślij ponownie.</Trans>
                  </Alert>
                  <CsvRows rows={byCsv.data.rows} />
                </>
              )}
            </>
          )}
          {way === 'company' && (
            <TextInput
              label={t`Nazwa firmy`}
              description={t`Wszyscy aktywni kursanci tej firmy (wielkość liter bez znaczenia).`}
              maxLength={100}
              value={company}
              onChange={(event) => {
                setCompany(event.currentTarget.value)
                reset()
              }}
              error={onField(problem, 'company_name')}
            />
          )}
          {result && <Outcome result={result} />}
          <DialogActions
            problem={problem}
            fields={['csv', 'company_name']}
            pending={pending}
            onCancel={close}
            cancelLabel={result ? <Trans>Zamknij</Trans> : undefined}
          >
            <Button type="submit" loading={pending}>
              <Trans>Zapisz</Trans>
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppDialog>
  )
}
