import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser, signIn } from '../../test-support/fixtures.ts'
import { get, post } from '../../test-support/http.ts'
import { mp4File, pngFile } from '../../test-support/sample-files.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** A student with a picture, and the signed URL their own profile carries. */
async function studentWithPicture() {
  const user = await createUser(t.database.db)
  const { token } = await signIn(t.app, user.email)
  const response = await post(t.app, '/students/update', {
    token,
    payload: {},
    files: { image: { bytes: pngFile() } },
  })
  const url: string = response.json().data.image_url
  return { user, token, url }
}

const withParam = (url: string, name: string, value: string) => {
  const parsed = new URL(url, 'http://x')
  parsed.searchParams.set(name, value)
  return `${parsed.pathname}${parsed.search}`
}

describe('GET /files/:key (signed URLs)', () => {
  it('serves the file with its sniffed type, privately cached until the URL expires', async () => {
    const { url } = await studentWithPicture()
    const response = await get(t.app, url)
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(pngFile())).toBe(true)
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'content-length': String(pngFile().length),
    })
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'))
    const left = expires - Math.floor(t.clock.now().getTime() / 1000)
    expect(left).toBeGreaterThanOrEqual(3600)
    expect(left).toBeLessThanOrEqual(4500)
    expect(response.headers['cache-control']).toBe(`private, max-age=${left}`)
  })

  it('refuses a tampered signature, another expiry or another file with 403', async () => {
    const { url } = await studentWithPicture()
    const other = await studentWithPicture()
    const sig = new URL(url, 'http://x').searchParams.get('sig') ?? ''
    const tampered = withParam(url, 'sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)
    const later = withParam(
      url,
      'expires',
      String(Number(new URL(url, 'http://x').searchParams.get('expires')) + 60),
    )
    // Student A's signature on student B's file: a signed URL opens only the file it was made for.
    const otherKey = new URL(other.url, 'http://x').pathname.split('/').pop() ?? ''
    const borrowed = url.replace(/files\/[^?]+/, `files/${otherKey}`)
    const unsigned = url.split('?')[0] ?? ''
    for (const candidate of [tampered, later, borrowed, unsigned]) {
      const response = await get(t.app, candidate)
      expect(response.statusCode, candidate).toBe(403)
      expect(response.json()).toEqual({ error: 'You do not have permission to do this', code: 'forbidden' })
    }
  })

  it('refuses an expired URL with 403', async () => {
    const { url } = await studentWithPicture()
    t.clock.advance(76 * 60_000)
    expect((await get(t.app, url)).statusCode).toBe(403)
  })

  it('answers 404 for a signed URL whose file is gone', async () => {
    const { url } = await studentWithPicture()
    const key = new URL(url, 'http://x').pathname.split('/').pop() ?? ''
    await t.storage.delete(key)
    expect((await get(t.app, url)).statusCode).toBe(404)
  })

  it('serves byte ranges for video players', async () => {
    const teacher = await createUser(t.database.db, { role: 'teacher' })
    const { token } = await signIn(t.app, teacher.email)
    const video = mp4File(10_000)
    const update = await post(t.app, '/teachers/update', {
      token,
      payload: {},
      files: { video: { bytes: video } },
    })
    const url: string = update.json().data.video_url
    const response = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } })
    expect(response.statusCode).toBe(206)
    expect(response.headers['content-range']).toBe('bytes 100-199/10000')
    expect(response.rawPayload.equals(video.subarray(100, 200))).toBe(true)
    const whole = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=20000-' } })
    expect(whole.statusCode).toBe(200)
    expect(whole.rawPayload.length).toBe(10_000)
  })

  it('never serves an SVG inline', async () => {
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    const stored = await t.storage.put(Readable.from([Buffer.from(svg)]), 'material')
    const url = t.app.deps.fileUrls.url(stored.key) ?? ''
    const response = await get(t.app, url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/svg+xml')
    expect(response.headers['content-disposition']).toBe('attachment')
  })
})

describe("a student cannot reach another student's files", () => {
  it('gets no URL of them: the profile shows only their own, and students/show refuses', async () => {
    const a = await studentWithPicture()
    const b = await studentWithPicture()
    const me = await get(t.app, '/students/me', a.token)
    expect(JSON.stringify(me.json())).not.toContain(new URL(b.url, 'http://x').pathname)
    expect((await get(t.app, `/students/show?user_id=${b.user.id}`, a.token)).statusCode).toBe(403)
  })
})
