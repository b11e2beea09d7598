import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Profile } from '../../domain/api/profile.ts'
import { profileResponse } from '../../domain/api/profile.ts'
import { lessonKeys } from './lessons.ts'
import { profileKeys } from './profile.ts'
import { profileUpdateKeys, storeProfile } from './profile-update.ts'
import { postMultipart } from './upload.ts'

// docs/lesson-room-protocol.md §5: the voice sample is the student's profile update with the file
// `voice_sample`. After the upload the profile is refetched (product-rules.md "Voice sample"); the
// scheduled lessons' voice_sample_provided (which routes the video call) changes with it.

export async function uploadVoiceSample(file: File): Promise<Profile> {
  const answer = await postMultipart('/students/update', profileResponse, {
    payload: {},
    files: { voice_sample: file },
    // product-rules.md "Errors": a failed voice-sample upload shows the update-data error, which
    // the recorder words.
    inline: true,
  })
  return answer.data
}

export function useUploadVoiceSample() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...profileUpdateKeys.all, 'voice-sample'],
    scope: { id: 'profile-update' },
    mutationFn: uploadVoiceSample,
    onSuccess: async (profile) => {
      storeProfile(queryClient, profile)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: lessonKeys.list('scheduled') }),
      ])
    },
  })
}
