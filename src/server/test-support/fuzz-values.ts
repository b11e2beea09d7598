// The hostile-input probe's classes, as fixed tables: every run sends the same
// values, so a failure names its case and reproduces. Each entry is [label, value].

export type Hostile<T> = readonly [label: string, value: T]

const HUGE = 100_000
const UNKNOWN_UUID = '6f1c1a3e-3b7a-4c55-9a3e-8f0e2f6b9d10'

/** Strings for any field: what a query string, a form or a JSON string can carry. */
export const HOSTILE_STRINGS: readonly Hostile<string>[] = [
  ['empty', ''],
  ['blank', '  \t '],
  ['NUL inside', 'a\u0000b'],
  ['NUL alone', '\u0000'],
  ['lone high surrogate', 'a\uD800b'],
  ['lone low surrogate', '\uDC00'],
  ['RTL override', '\u202Eexe.gnp'],
  ['RTL script', 'مرحبا بالعالم שלום'],
  ['emoji', '👩‍👩‍👧‍👦😀🇵🇱'],
  ['zero-width and BOM', '\u200B\uFEFF\u200D'],
  ['C0 and DEL controls', '\u0001\u001B[31m\u007F'],
  ['combining marks', 'Z\u0324\u0354\u0367\u0311a\u0316l\u036Ego'],
  ['SQL', "' OR 1=1; DROP TABLE users; --"],
  ['HTML', '<img src=x onerror=alert(1)>'],
  ['path traversal', '../../../../etc/passwd'],
  ['percent escapes', '%00%ZZ%'],
  ['huge ASCII', 'a'.repeat(HUGE)],
  ['huge emoji', '😀'.repeat(HUGE / 4)],
  ['huge NUL', '\u0000'.repeat(HUGE / 10)],
  ['int max + 1', '2147483648'],
  ['int max', '2147483647'],
  ['zero', '0'],
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['exponent overflow', '1e309'],
  ['NaN', 'NaN'],
  ['bad UUID', '00000000-0000-0000-0000-00000000000g'],
  ['nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['unknown UUID', UNKNOWN_UUID],
  ['UUID with NUL', `${UNKNOWN_UUID}\u0000`],
  ['impossible date', '2026-02-30'],
  ['year zero', '0000-01-01'],
  ['far future date', '9999-12-31'],
  ['expanded year', '+275760-09-13'],
  ['bad timestamp', '2026-03-10T25:61:00Z'],
  ['short date', '2026-3-1'],
  ['time past midnight', '24:15'],
  ['e-mail with NUL', 'anna\u0000@example.com'],
  ['e-mail with diacritics', 'zażółć@przykład.pl'],
  ['JSON text', '{"__proto__":{"admin":true}}'],
]

const deepArray = (depth: number): unknown => {
  let value: unknown = []
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

/** JSON values for a field of a JSON body: the strings above, then every other type and size. */
export const HOSTILE_JSON: readonly Hostile<unknown>[] = [
  ...HOSTILE_STRINGS,
  ['null', null],
  ['true', true],
  ['false', false],
  ['number zero', 0],
  ['number negative', -1],
  ['number fraction', 1.5],
  ['number int max', 2_147_483_647],
  ['number int max + 1', 2_147_483_648],
  ['number 2^53', 2 ** 53],
  ['number huge', 1e308],
  ['number huge negative', -1e308],
  ['empty array', []],
  ['mixed array', [1, 'a', null, {}]],
  ['huge array', Array.from({ length: 20_000 }, (_, i) => i)],
  ['array of hostile strings', ['a\u0000', '\uD800', '']],
  ['deeply nested array', deepArray(1_000)],
  ['empty object', {}],
  ['object', { a: 1, b: [2] }],
]

/** Appended to a valid string: characters PostgreSQL cannot store (refused before any write). */
export const UNSTORABLE_INSERTS: readonly Hostile<string>[] = [
  ['NUL', '\u0000'],
  ['lone high surrogate', '\uD83D'],
  ['lone low surrogate', '\uDE00x'],
]

/** Appended to a valid string: odd but storable text, which must be kept as written. */
export const STORABLE_INSERTS: readonly Hostile<string>[] = [
  ['RTL override', '\u202Eexe'],
  ['RTL script', ' مرحبا'],
  ['emoji', ' 👩‍👩‍👧‍👦😀'],
  ['zero-width', '\u200B'],
  ['combining mark', 'e\u0301'],
  ['C0 control', '\u0007'],
]

/** Raw query strings whose escapes are themselves broken (URLSearchParams cannot write them). */
export const RAW_QUERY_SUFFIXES: readonly Hostile<string>[] = [
  ['lone percent', '%'],
  ['bad escape', '%zz=1'],
  ['encoded NUL key', '%00=%00'],
  ['invalid UTF-8 (a lone surrogate)', 'x=%ED%A0%80'],
  ['invalid UTF-8 byte', 'x=%FF%FE'],
  ['bracket keys', 'a[b]=1&a[]=2'],
  ['many keys', Array.from({ length: 2_000 }, (_, i) => `k${i}=${i}`).join('&')],
]

/** Values of an `Idempotency-Key` header on the writes that accept one. */
export const HOSTILE_IDEMPOTENCY_KEYS: readonly Hostile<string>[] = [
  ['empty', ''],
  ['too short', 'abc'],
  ['too long', 'k'.repeat(201)],
  ['spaces and slashes', 'a key / with spaces'],
  ['unicode', 'klucz-żółw-😀-1234'],
]

/** Authorization headers of someone who is not signed in, whatever they claim. */
export const HOSTILE_AUTHORIZATION: readonly Hostile<string>[] = [
  ['no token', 'Bearer'],
  ['unknown token', 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ['huge token', `Bearer ${'A'.repeat(5_000)}`],
  ['basic scheme', 'Basic dXNlcjpwYXNz'],
]

/** A JSON object whose nesting no recursive walk survives, as text (JSON.stringify cannot write it). */
export const DEEP_JSON_TEXT = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
