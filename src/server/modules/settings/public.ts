// What other modules may use of settings (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { announcedPublicUrl, announcePublicUrl, findSettings, type SettingsValues } from './repository.ts'
export {
  DEFAULT_SETTINGS,
  SETTING_BOUNDS,
  showOperatorSettings,
  showSettings,
  updateSettings,
} from './service.ts'
