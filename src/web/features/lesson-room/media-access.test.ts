import { describe, expect, it } from 'vitest'
import { browserFamily, mediaProblem } from './media-access.ts'

describe('mediaProblem', () => {
  it('tells a refused permission from a missing or busy device', () => {
    expect(mediaProblem(new DOMException('no', 'NotAllowedError'))).toBe('denied')
    expect(mediaProblem(new DOMException('none', 'NotFoundError'))).toBe('no_device')
    expect(mediaProblem(new DOMException('in use', 'NotReadableError'))).toBe('busy')
    expect(mediaProblem(new TypeError('getUserMedia is not a function'))).toBe('unsupported')
  })
})

describe('browserFamily', () => {
  it('recognises the browsers whose permission settings differ', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
    const edge = `${chrome} Edg/140.0`
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
    expect([chrome, edge, firefox, safari, 'curl/8'].map(browserFamily)).toEqual([
      'chrome',
      'edge',
      'firefox',
      'safari',
      'other',
    ])
  })
})
