import * as v from 'valibot'
import { envelope } from './common.ts'

// The dictionaries (product-rules.md "Records and fields"): Language, Level, Specialization.
export const languageSchema = v.object({
  id: v.number(),
  name: v.string(),
  name_pl: v.string(),
  conjugated_name: v.string(),
})
export const levelSchema = v.object({ id: v.number(), name: v.string() })
export const specializationSchema = v.object({ id: v.number(), name: v.string(), name_pl: v.string() })

export type Language = v.InferOutput<typeof languageSchema>
export type Level = v.InferOutput<typeof levelSchema>
export type Specialization = v.InferOutput<typeof specializationSchema>

export const languagesResponse = envelope(v.array(languageSchema))
export const levelsResponse = envelope(v.array(levelSchema))
export const specializationsResponse = envelope(v.array(specializationSchema))

// The school's settings, GET /settings/show (product-rules.md "Constants and limits").
export const settingsSchema = v.object({
  ban_duration: v.number(),
  cancellation_earliness: v.number(),
  lesson_earliness_condition: v.number(),
})
export type Settings = v.InferOutput<typeof settingsSchema>
export const settingsResponse = envelope(settingsSchema)
