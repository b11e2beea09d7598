// Usage texts of `npm run ops -- …`.

const COMMANDS: [name: string, usage: string, text: string][] = [
  ['verify-teacher', 'verify-teacher <email>', 'Lets a teacher awaiting verification sign in.'],
  [
    'create-operator',
    'create-operator <email> [--first-name NAME] [--last-name NAME] [--locale pl|en]',
    [
      "Creates an operator of the school's console and e-mails a link to set the password",
      '(valid 7 days); the second factor (an authenticator app) is set up at the first sign-in.',
      'Running it again for an operator who has not set a password yet sends a new link.',
      'The link starts with the address the running server announced, or PUBLIC_URL.',
      '  --first-name, --last-name   the name the audit log shows beside the e-mail',
      '  --locale   language of the e-mail and the account (default pl)',
    ].join('\n'),
  ],
  [
    'invite-student',
    'invite-student <email> [--human] [--ai] [--group-only] [--company NAME] [--active-until YYYY-MM-DD] [--locale pl|en]',
    [
      'Creates an invited student and e-mails the activation link (valid 7 days).',
      '  --human          human lessons (human_access)',
      '  --ai             AI lessons (ai_access)',
      '  --group-only     group lessons only (only_group_lessons)',
      '  --company NAME   company name (the partner company sees IT teachers)',
      '  --active-until   last day the account may book lessons',
      '  --locale         language of the e-mail and the account (default pl)',
      'Inviting again a student who has not accepted yet sends a new link.',
    ].join('\n'),
  ],
  [
    'settings',
    'settings [--ban-duration DAYS] [--cancellation-earliness HOURS] [--lesson-earliness HOURS] [--first-reminder MINUTES] [--second-reminder MINUTES] [--recording-lesson-max MB] [--recording-day-max MB] [--sms-daily-user-max N] [--sms-daily-school-max N] [--recap-day-max RECAPS] [--recap-publish-after HOURS]',
    'Prints the settings, the e-mail reminders before a lesson (0: not sent), the disk recordings may take (per lesson, per teacher per Poland day), the SMS a Poland day may send (per user, in all) and the lesson recaps (made per Poland day, 0: off; hours until a draft publishes itself); with flags, changes them first.',
  ],
  [
    'lesson-limits',
    'lesson-limits <email> [--scheduled N] [--monthly-cap N|none]',
    [
      "Prints an account's lesson limits; with flags, changes them first.",
      '  --scheduled N         a student: lessons scheduled at once (default 2; 1–50)',
      "  --monthly-cap N|none  a teacher: lessons per calendar month (the 'maximum monthly",
      '                        income; none by default; 1–1000)',
    ].join('\n'),
  ],
  ['pending-teachers', 'pending-teachers', 'Lists teachers awaiting verification.'],
  [
    'invitations',
    'invitations',
    [
      'Lists the students invited who have not set a password yet: when each was invited, and',
      'whether the invitation e-mail was sent or is still pending (a running server sends it; so',
      'does invite-student again, with a fresh link).',
    ].join('\n'),
  ],
  ['jobs', 'jobs', 'Lists, per job queue (e-mails, reminders), how many jobs wait, run and failed.'],
  [
    'sms',
    'sms',
    'Lists the last 50 SMS, newest first: when, what, to whom, through which gateway and their state.',
  ],
  [
    'recaps',
    'recaps',
    'Lists how many lesson recaps are being prepared, wait for the teacher, are published or failed, and the latest 20 with their lesson and state (a failed one with its reason).',
  ],
  [
    'learncube',
    'learncube (--lesson ID | --teacher EMAIL) [--off]',
    [
      "Holds a lesson, or all of a teacher's future lessons, in LearnCube's classroom;",
      '--off moves them back to the ordinary room. While LearnCube is not configured',
      '(LEARNCUBE_PUBLIC_KEY, LEARNCUBE_PRIVATE_KEY) marked lessons are held in the ordinary room.',
    ].join('\n'),
  ],
  [
    'video-provider',
    'video-provider <email> builtin|vonage|default',
    [
      "Chooses a teacher's video room: the built-in one, Vonage (needs VONAGE_APPLICATION_ID and",
      "VONAGE_PRIVATE_KEY), or the school's default (VIDEO_PROVIDER). Takes effect at the next join.",
    ].join('\n'),
  ],
  [
    'lack-of-slots',
    'lack-of-slots [--since YYYY-MM-DD]',
    [
      'Lists what students asked for in the language onboarding and no teacher could offer',
      '(lack-of-slots reports, one per student, criteria and day), oldest first, one per',
      'line: reported at, student, e-mail, phone, language, taught in, level, specialization, date,',
      'hour (Poland time).',
      '  --since   only reports made on this day (Poland time) or later',
    ].join('\n'),
  ],
  ['seed', 'seed', 'Adds the dictionaries, default settings and the demo accounts that are missing.'],
  [
    'migrate-pglite',
    'migrate-pglite [--from DIR]',
    [
      'Copies the PGlite database of an earlier version (DATA_DIR/db, or DIR) into the database',
      'in use, which must have no users yet. The embedded default does this by itself at its',
      'first start; use this command to copy it into the PostgreSQL of DATABASE_URL. DATA_DIR/db',
      'is then moved to DATA_DIR/pglite-backup (a --from directory is left where it is).',
    ].join('\n'),
  ],
  [
    'files-to-s3',
    'files-to-s3 [--from DIR]',
    [
      'Copies the files of the local store (DATA_DIR/files, or DIR) into the S3 bucket of S3_BUCKET',
      '(for several nodes to share), each under the same key. Files already in the bucket with the same size are',
      'skipped, so a run that broke off is resumed by running it again. The local files are left',
      'where they are; start the servers with the S3_* settings once it has finished.',
    ].join('\n'),
  ],
]

export const COMMAND_HELP = new Map(
  COMMANDS.map(([name, usage, text]) => [name, `Usage: npm run ops -- ${usage}\n\n${text}`]),
)

export const USAGE = [
  'Usage: npm run ops -- <command> [options]',
  '',
  'Commands:',
  ...COMMANDS.map(([, usage]) => `  ${usage}`),
  '',
  'Run `npm run ops -- <command> --help` for details. Commands connect to the database',
  'themselves, whether the server runs or not.',
].join('\n')
