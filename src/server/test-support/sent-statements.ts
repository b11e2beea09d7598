import pg from 'pg'

/**
 * The statements this process sends to PostgreSQL while `run` runs, counted where every one of
 * them leaves (pg's Client#query), with what `run` gave back (round trips counted).
 */
export async function statementsSentWhile<T>(run: () => Promise<T>): Promise<{ sent: string[]; result: T }> {
  const sent: string[] = []
  const original = pg.Client.prototype.query
  const counting = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args
    sent.push(typeof first === 'string' ? first : String((first as { text?: string })?.text ?? first))
    return Reflect.apply(original, this, args)
  }
  pg.Client.prototype.query = counting as typeof original
  try {
    return { sent, result: await run() }
  } finally {
    pg.Client.prototype.query = original
  }
}
