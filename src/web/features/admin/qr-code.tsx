import { useMemo } from 'react'
import { encode } from 'uqr'

type Props = { value: string; label: string; size?: number }

/** The dark modules of a QR code as one SVG path, one unit a module. */
export function qrPath(modules: boolean[][]): string {
  return modules.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('')
}

/**
 * A QR code of `value`, drawn as SVG: black on white with the four-module quiet zone scanners
 * expect, error correction M (a phone's camera at an angle still reads it).
 */
export function QrCode({ value, label, size = 192 }: Props) {
  const qr = useMemo(() => encode(value, { ecc: 'M', border: 4 }), [value])
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ display: 'block', flex: 'none', borderRadius: 4 }}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qrPath(qr.data)} fill="#000" />
    </svg>
  )
}
