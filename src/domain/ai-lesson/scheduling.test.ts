import { Rating, State } from 'ts-fsrs'
import { describe, expect, it } from 'vitest'
import { isLearned, newCard, reviewCard } from './scheduling.ts'

const at = (iso: string) => new Date(iso)
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000

describe('wordbook scheduling through ts-fsrs', () => {
  it('makes a new word due at once and moves it through learning into review', () => {
    const added = newCard(at('2026-03-10T09:00:00Z'))
    expect(added).toMatchObject({ due: '2026-03-10T09:00:00.000Z', state: State.New, reps: 0 })
    const first = reviewCard(added, Rating.Good, at('2026-03-10T09:00:00Z'))
    expect(first.state).toBe(State.Learning)
    expect(days('2026-03-10T09:00:00Z', first.due)).toBeLessThan(1)
    const second = reviewCard(first, Rating.Good, at(first.due))
    expect(second.state).toBe(State.Review)
    expect(isLearned(second)).toBe(true)
    expect(days(first.due, second.due)).toBeGreaterThanOrEqual(1)
  })

  it('schedules easy further out than good, and again back into relearning with a lapse', () => {
    const start = at('2026-03-10T09:00:00Z')
    const learned = reviewCard(newCard(start), Rating.Easy, start)
    expect(learned.state).toBe(State.Review)
    const when = at(learned.due)
    const good = reviewCard(learned, Rating.Good, when)
    const easy = reviewCard(learned, Rating.Easy, when)
    expect(Date.parse(easy.due)).toBeGreaterThan(Date.parse(good.due))
    const again = reviewCard(learned, Rating.Again, when)
    expect(again).toMatchObject({ state: State.Relearning, lapses: 1 })
    expect(isLearned(again)).toBe(false)
  })

  it('gives the same answer on every device (no fuzz): the offline preview equals the server', () => {
    const start = at('2026-03-10T09:00:00Z')
    const card = reviewCard(newCard(start), Rating.Easy, start)
    const later = at('2026-03-30T10:00:00Z')
    expect(reviewCard(card, Rating.Good, later)).toEqual(reviewCard(card, Rating.Good, later))
  })
})
