/** The profile's edit dialogs; the screen keeps at most one open. */
export type ProfileDialog =
  | 'details'
  | 'password'
  | 'description'
  | 'about'
  | 'social'
  | 'bank'
  | 'languages'
  | 'learned'

export type OpenDialog = (dialog: ProfileDialog) => void
