// Build-time environment of the web app (Vite `import.meta.env`).
interface ImportMetaEnv {
  /** Part of a company name that unlocks the IT-teachers screen. */
  readonly VITE_PARTNER_COMPANY_NAME?: string
  /** Sentry DSN; errors are reported only when it is set (architecture.md "Web app"). */
  readonly VITE_SENTRY_DSN?: string
  /** Injected by vite.config.ts; busts the persisted query cache on every deploy. */
  readonly VITE_BUILD_ID?: string
}
