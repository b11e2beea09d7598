// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import jsQR from 'jsqr'
import { afterEach, describe, expect, it } from 'vitest'
import { QrCode } from './qr-code.tsx'

// The enrolment's QR code must scan to the exact otpauth:// link: read back here as a phone would,
// by painting the drawn path into pixels and decoding them with jsQR.

const SCALE = 4

/** The SVG's dark modules painted as RGBA pixels, SCALE pixels a module. */
function paint(svg: Element): { data: Uint8ClampedArray; width: number } {
  const modules = Number(svg.getAttribute('viewBox')?.split(' ')[2])
  const width = modules * SCALE
  const data = new Uint8ClampedArray(width * width * 4).fill(255)
  const d = svg.querySelector('path')?.getAttribute('d') ?? ''
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < SCALE; dy++) {
      for (let dx = 0; dx < SCALE; dx++) {
        const at = ((Number(y) * SCALE + dy) * width + Number(x) * SCALE + dx) * 4
        data.set([0, 0, 0, 255], at)
      }
    }
  }
  return { data, width }
}

describe('the second factor’s QR code', () => {
  afterEach(cleanup)

  it('scans to the otpauth:// link it was given', () => {
    const uri =
      'otpauth://totp/Lektorium:ola.nowak%40szkola.example?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Lektorium&algorithm=SHA1&digits=6&period=30'
    render(<QrCode value={uri} label="Kod QR" />)
    const { data, width } = paint(screen.getByRole('img', { name: 'Kod QR' }))
    expect(jsQR(data, width, width)?.data).toBe(uri)
  })
})
