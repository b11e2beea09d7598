import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { SCHEDULED_SLOT_MATCH_MINUTES } from '../src/domain/constants.ts'
import { polandDateKey } from '../src/domain/poland-time.ts'
import { scheduleRange } from '../src/domain/schedule/slot-rules.ts'
import { openDatabase } from '../src/server/db/client.ts'
import { DEFAULT_SETTINGS } from '../src/server/modules/settings/service.ts'
import { postgresBin } from './postgres.ts'

// The database's own ceiling for the booking transaction, measured on the same database right after
// the server's lessons/create run. pgbench (Debian's PostgreSQL client) calls the very function the
// server calls — lektorium_book_lessons, one statement in its own transaction, with an idempotency
// key — for students without lessons and free slots paired in advance, teachers taken in turn as
// the server's run takes them. The server's req/s over pgbench's tps is the share of the database's
// speed the HTTP path keeps.

/** `booked`: the pairs pgbench used that hold a lesson now (every call should have booked). */
export type PgbenchResult = { tps: number; latencyMs: number; pairs: number; used: number; booked: number }

function pgbenchBin(): string | null {
  const bin = postgresBin()
  return bin && existsSync(path.join(bin, 'pgbench')) ? path.join(bin, 'pgbench') : null
}

/**
 * Students without a lesson and free bookable slots, paired; n counts from 1. Made as the database's
 * owner (the app's role may not create tables); pgbench, as the app's role, reads them.
 */
async function preparePairs(owner: pg.Client, from: string, to: string): Promise<number> {
  await owner.query('drop table if exists bench_pairs; drop sequence if exists bench_pairs_seq')
  await owner.query(
    `
      create table bench_pairs as
      with students as (
        select u.id, row_number() over (order by u.id) as n from users u
         where u.role = 'student' and u.human_access
           and not exists (select 1 from lessons l where l.student_id = u.id and l.cancelled_at is null)
      ), slots as (
        select s.id, s.teacher_id, row_number() over (order by s.rank, s.teacher_id) as n from (
          select ts.id, ts.teacher_id, row_number() over (partition by ts.teacher_id order by ts.starts_at) as rank
            from time_slots ts
           where ts.starts_at > now() + interval '${DEFAULT_SETTINGS.lessonEarlinessCondition + 1} hours'
             and (ts.starts_at at time zone 'Europe/Warsaw')::date between '${from}' and '${to}'
             and not exists (select 1 from lessons l where l.time_slot_id = ts.id and l.cancelled_at is null)
        ) s
      )
      select students.n, students.id as student_id, slots.teacher_id, slots.id as slot_id,
             taught.language_id, taught.level_id
        from students join slots using (n)
        join lateral (select language_id, level_id from teacher_taught_languages
                       where teacher_id = slots.teacher_id limit 1) taught on true`,
  )
  await owner.query('create unique index on bench_pairs (n); create sequence bench_pairs_seq')
  const { rows } = await owner.query<{ n: number }>('select count(*)::int as n from bench_pairs')
  return Number(rows[0]?.n ?? 0)
}

/**
 * pgbench at `clients` connections, each booking its share of the pairs (so no call runs out of
 * work); null when pgbench is not installed.
 */
export async function pgbenchBooking(
  options: { databaseUrl?: string; allowSuperuser?: boolean; dataDir: string },
  clients: number,
): Promise<PgbenchResult | null> {
  const bin = pgbenchBin()
  if (!bin) return null
  const now = new Date()
  const range = scheduleRange(now, null)
  if (!range) return null
  // Open while pgbench runs: on the embedded default this keeps its PostgreSQL up.
  const database = await openDatabase({ ...options, log: { info: () => {}, error: console.error } })
  const owner = new pg.Client({ connectionString: database.ownerUrl })
  await owner.connect()
  const pairs = await preparePairs(owner, range.from, range.to)
  const url = database.url
  const perClient = Math.max(1, Math.floor(pairs / clients))
  const dir = mkdtempSync(path.join(tmpdir(), 'lk-pgbench-'))
  const script = path.join(dir, 'booking.sql')
  writeFileSync(
    script,
    `select lektorium_book_lessons(p.student_id, p.teacher_id, p.language_id, p.level_id, array[p.slot_id],
       now(), '${polandDateKey(now)}'::date, '${range.from}'::date, '${range.to}'::date,
       ${DEFAULT_SETTINGS.lessonEarlinessCondition}, ${SCHEDULED_SLOT_MATCH_MINUTES},
       md5(random()::text), 'POST /lessons/create', md5(random()::text))
     from bench_pairs p where p.n = (select nextval('bench_pairs_seq'));\n`,
  )
  try {
    const output = execFileSync(
      bin,
      ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-t', String(perClient), '-f', script, url],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN)
    const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? Number.NaN)
    const { rows } = await owner.query<{ used: number; booked: number }>(`
      select (select last_value from bench_pairs_seq)::int as used,
             (select count(*) from bench_pairs p join lessons l on l.time_slot_id = p.slot_id
               and l.student_id = p.student_id and l.cancelled_at is null)::int as booked`)
    return { tps, latencyMs, pairs, used: rows[0]?.used ?? 0, booked: rows[0]?.booked ?? 0 }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await owner.end()
    await database.close()
  }
}
