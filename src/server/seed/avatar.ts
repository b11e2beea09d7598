import { encodePng, type Rgb } from './png.ts'

// Demo profile pictures (the interface shows avatars): a head-and-shoulders silhouette on
// a colour of its own, drawn at seed time so the repository carries no image files.

const PALETTE: readonly Rgb[] = [
  [48, 72, 160],
  [22, 128, 112],
  [176, 84, 48],
  [120, 64, 150],
  [30, 110, 170],
  [160, 52, 90],
  [90, 120, 40],
  [200, 140, 30],
]

const SIZE = 160

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
]

/** The `index`-th demo avatar as PNG bytes (a few kilobytes). */
export function demoAvatar(index: number): Buffer {
  const base = PALETTE[index % PALETTE.length] ?? [48, 72, 160]
  const figure = mix(base, [255, 255, 255], 0.78)
  return encodePng(SIZE, SIZE, (x, y) => {
    const head = (x - 80) ** 2 + (y - 62) ** 2 <= 30 ** 2
    const shoulders = ((x - 80) / 58) ** 2 + ((y - 160) / 58) ** 2 <= 1
    if (head || shoulders) return figure
    // A soft vertical gradient behind the figure.
    return mix(base, [255, 255, 255], (y / SIZE) * 0.18)
  })
}
