import type { Profile, TeacherSummary } from '../../domain/api/profile.ts'

// A complete profile for unit tests; each test changes what it is about.

export const STUDENT_ID = '0b9d7d3e-8a3c-4f5e-9a51-6c1f0f3f2a11'
export const TEACHER_ID = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'

export function studentProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: STUDENT_ID,
    email: 'julia@example.com',
    role: 'student',
    registration_completed: true,
    registration_complete: true,
    first_name: 'Julia',
    last_name: 'Jankowska',
    date_of_birth: '2001-01-23',
    phone_number: '+48513444555',
    image_url: null,
    video_url: null,
    voice_sample_url: null,
    description: null,
    about: null,
    average_rating: null,
    ratings: 0,
    social_links: [],
    tutorial_finished: true,
    has_cyclical_timetable: false,
    sms_notifications_enabled: true,
    email_notifications_enabled: true,
    commercial_sms_consent: false,
    commercial_email_consent: false,
    user_rules_agreed: true,
    teacher_rules_agreed: false,
    voice_recording_agreed: true,
    active_until: null,
    company_name: null,
    onboarding_completed_at: null,
    only_group_lessons: false,
    address: null,
    iban: null,
    swift: null,
    ai_access: true,
    human_access: true,
    not_accepting_new_students: false,
    warned_at: null,
    banned_until: null,
    locale: 'pl',
    taught_languages: [],
    teaching_languages: [],
    language_specializations: [],
    languages_learned: [{ language_id: 1 }, { language_id: 4 }],
    ...overrides,
  }
}

export function teacherProfile(overrides: Partial<Profile> = {}): Profile {
  return studentProfile({
    id: TEACHER_ID,
    email: 'anna@example.com',
    role: 'teacher',
    first_name: 'Anna',
    last_name: 'Nowak',
    teacher_rules_agreed: true,
    voice_recording_agreed: false,
    description: 'Lektorka języka angielskiego z piętnastoletnim doświadczeniem w nauczaniu dorosłych.',
    iban: 'PL40526018159083016613186091',
    address: { street: 'ul. Długa', buildingNumber: '12', zip: '31-147', city: 'Kraków', country: 'Polska' },
    taught_languages: [{ language_id: 1, level_id: 6 }],
    teaching_languages: [2],
    language_specializations: [{ specialization_id: 3, language_id: 1 }],
    languages_learned: [],
    ...overrides,
  })
}

/** GET /teachers/show of Anna Nowak, as any signed-in user sees it. */
export function teacherSummaryFixture(overrides: Partial<TeacherSummary> = {}): TeacherSummary {
  return {
    id: TEACHER_ID,
    first_name: 'Anna',
    last_name: 'Nowak',
    image_url: null,
    video_url: null,
    description: null,
    about: null,
    average_rating: 4.5,
    ratings: 2,
    social_links: [],
    taught_languages: [
      { language_id: 1, level_id: 6 },
      { language_id: 2, level_id: 4 },
    ],
    teaching_languages: [2],
    language_specializations: [],
    not_accepting_new_students: false,
    recent_reviews: [],
    ...overrides,
  }
}
