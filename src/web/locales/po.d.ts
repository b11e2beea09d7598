// Catalogs are imported as modules; @lingui/vite-plugin compiles the .po file on import.
declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
