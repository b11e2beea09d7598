// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { PICTURE_MAX_BYTES } from '../../domain/constants.ts'
import { checkChosenFile, fileProblemMessage, formatFileSize } from './file-check.ts'

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])
const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0])

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type })

describe('the file picker judges a file by its content', () => {
  it('accepts a JPG or PNG picture and an MP4 video', async () => {
    expect(await checkChosenFile('picture', file(png, 'me.png', 'image/png'))).toEqual({
      ok: true,
      type: 'png',
    })
    expect(await checkChosenFile('picture', file(jpeg, 'me.jpg', 'image/jpeg'))).toEqual({
      ok: true,
      type: 'jpeg',
    })
    expect(await checkChosenFile('video', file(mp4, 'hi.mp4', 'video/mp4'))).toEqual({
      ok: true,
      type: 'mp4',
    })
  })

  it('refuses a file whose name and claimed type lie about its content', async () => {
    const renamed = file(new TextEncoder().encode('just some text'), 'me.png', 'image/png')
    expect(await checkChosenFile('picture', renamed)).toEqual({ ok: false, reason: 'file_type' })
    expect(await checkChosenFile('video', file(png, 'clip.mp4', 'video/mp4'))).toEqual({
      ok: false,
      reason: 'file_type',
    })
  })

  it('refuses a picture over 5 MB without reading it', async () => {
    const big = file(new Uint8Array(PICTURE_MAX_BYTES + 1), 'big.png', 'image/png')
    expect(await checkChosenFile('picture', big)).toEqual({ ok: false, reason: 'file_too_large' })
  })

  it('says which types and what size are allowed', () => {
    expect(fileProblemMessage('picture', 'file_type').values).toEqual({ types: 'JPG, PNG' })
    expect(fileProblemMessage('video', 'file_too_large').values).toEqual({ mb: '100' })
  })

  it('formats sizes in the interface language', () => {
    expect(formatFileSize(4_404_019, 'pl')).toBe('4,2 MB')
    expect(formatFileSize(4_404_019, 'en')).toBe('4.2 MB')
    expect(formatFileSize(2048, 'en')).toBe('2 KB')
  })
})
