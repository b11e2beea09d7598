import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import type { Profile } from '../../domain/api/profile.ts'
import { profileResponse } from '../../domain/api/profile.ts'
import { profileUpdateKeys, profileUpdatePath, requireSession, storeProfile } from './profile-update.ts'
import { postMultipart } from './upload.ts'

// The profile's picture and video (the profile update with files), apart from the JSON field
// updates so the pages that only save fields (the language switch on every page) do not carry
// the upload client.

/**
 * product-rules.md "Uploads": the picture (JPG/PNG ≤ 5 MB) and, for teachers, the intro video (MP4
 * ≤ 100 MB).
 */
export type ProfileFiles = { image?: File; video?: File }

/** Sends files as multipart: a `payload` part (no field group) beside the `image`/`video` parts. */
export async function updateProfileFiles(
  files: ProfileFiles,
  options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<Profile> {
  const session = requireSession()
  const answer = await postMultipart(profileUpdatePath(session.role), profileResponse, {
    payload: {},
    files: { image: files.image, video: files.video },
    inline: true,
    signal: options.signal,
    onProgress: (progress) => options.onProgress?.(progress.fraction),
  })
  return answer.data
}

/**
 * Changes the picture or the video, with upload progress (0–100, null when idle) and Cancel
 * (design.md "Uploads": they show progress and can be cancelled). The answer replaces the cached
 * profile.
 */
export function useUpdateProfileFiles() {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<number | null>(null)
  const controller = useRef<AbortController | null>(null)
  const mutation = useMutation({
    mutationKey: profileUpdateKeys.files(),
    scope: { id: 'profile-update' },
    mutationFn: async (files: ProfileFiles) => {
      const current = new AbortController()
      controller.current = current
      setProgress(0)
      try {
        return await updateProfileFiles(files, {
          signal: current.signal,
          onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
        })
      } finally {
        setProgress(null)
        controller.current = null
      }
    },
    onSuccess: (profile) => storeProfile(queryClient, profile),
  })
  const cancel = useCallback(() => controller.current?.abort(), [])
  return { mutation, progress, cancel }
}
