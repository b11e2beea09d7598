// Business constants (product-rules.md "Constants and limits"). Values that the server's settings
// may override are defaults only.

export const LESSON_SLOT_MINUTES = 45
export const SCHEDULED_SLOT_MATCH_MINUTES = 45
export const JOIN_WINDOW_MINUTES = 15
export const DEFAULT_LESSON_EARLINESS_HOURS = 12
export const DEFAULT_SCHEDULED_LESSONS_LIMIT = 2
export const DEFAULT_BAN_DURATION_DAYS = 14
export const DEFAULT_CANCELLATION_EARLINESS_HOURS = 24
export const PASSWORD_RESET_RETRY_MS = 2 * 60 * 1000
export const TEXT_LIMIT = 255
export const DESCRIPTION_MIN = 60
export const DESCRIPTION_MAX = 1000
export const PHONE_MIN = 9
export const PASSWORD_MIN = 8
export const ADDRESS_FIELD_MAX = 30
export const BUILDING_NUMBER_MAX = 10
export const PICTURE_MAX_BYTES = 5_242_880
export const VIDEO_MAX_BYTES = 104_857_600
export const MATERIAL_MAX_BYTES = 10_485_760
export const RATING_MIN = 1
export const RATING_MAX = 5
/** How many recent ratings with comments the teacher's page shows. */
export const TEACHER_REVIEWS_SHOWN = 5
export const SETTINGS_TIMEOUT_MS = 10_000
export const SOCIAL_LINK_DEBOUNCE_MS = 500
export const FIELD_VALIDATION_DEBOUNCE_MS = 200
export const SLOT_TOOLTIP_MS = 3_500
export const WEEK_SWITCH_TOOLTIP_MS = 6_000
export const TOAST_MS = 4_000
export const HELPER_TOAST_MS = 1_500
export const SPINNER_MIN_MS = 300
export const MOBILE_NAV_BREAKPOINT_PX = 1100
export const NARROW_DIALOG_BREAKPOINT_PX = 520
export const DIALOG_WIDTH = { edit: 430, shared: 600, narrow: 300 } as const
export const LOCALES = ['pl', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'pl'
export const FALLBACK_LOCALE: Locale = 'en'

/** Generic string cap for free-text inputs the spec does not bound (names, e-mail, etc.). */
export const SHORT_TEXT_MAX = 100
export const EMAIL_MAX = 254
export const PASSWORD_MAX = 128
