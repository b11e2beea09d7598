import { describe, expect, it } from 'vitest'
import { canShareScreen } from './screen-share.ts'

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
const withDisplay = { getDisplayMedia: () => Promise.resolve(new MediaStream()) } as unknown as MediaDevices
const without = {} as MediaDevices

describe('canShareScreen', () => {
  it('offers sharing only in a desktop browser that has getDisplayMedia', () => {
    expect(canShareScreen({ mediaDevices: withDisplay, userAgent: DESKTOP }, false)).toBe(true)
    expect(canShareScreen({ mediaDevices: without, userAgent: DESKTOP }, false)).toBe(false)
    expect(canShareScreen(undefined, false)).toBe(false)
  })

  it('leaves it out on phones, whatever their browser defines', () => {
    expect(canShareScreen({ mediaDevices: withDisplay, userAgent: ANDROID }, false)).toBe(false)
    expect(canShareScreen({ mediaDevices: withDisplay, userAgent: DESKTOP }, true)).toBe(false)
  })
})
