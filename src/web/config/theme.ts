import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core'

// design.md "Visual language": one deep indigo primary, one warm accent for calls to action,
// Mantine's grays, radius md, the system font stack (no web font on the critical path).
const indigo: MantineColorsTuple = [
  '#eef1fb',
  '#dce1f4',
  '#b5c0e8',
  '#8c9ddc',
  '#6a7fd2',
  '#546ccc',
  '#4862c9',
  '#3a52b2',
  '#30489f',
  '#243c8c',
]

const accent: MantineColorsTuple = [
  '#fff3e6',
  '#ffe5cc',
  '#fcc99a',
  '#f9ab63',
  '#f69136',
  '#f48119',
  '#f47809',
  '#d96600',
  '#b45300',
  '#8f4100',
]

const systemFonts =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Ubuntu, 'Helvetica Neue', Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'"

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 6 },
  colors: { indigo, accent },
  defaultRadius: 'md',
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '650' },
  focusRing: 'auto',
  cursorType: 'pointer',
  autoContrast: true,
  other: { accentColor: 'accent' },
})

/** The CTA colour (join, book): the accent, dark enough for white text (contrast ≥ 4.5:1). */
export const ACCENT_COLOR = 'accent.8'

/** WCAG 2.2 AA (design.md "Access"): Mantine's dimmed gray (#868e96) is 3.3:1 on white; this is 5.9:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636b' },
  dark: {},
})
