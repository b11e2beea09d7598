import type { DemoPerson } from './demo-accounts.ts'
import type { LanguageName } from './dictionaries.ts'

// Demo students: one per access combination and account state the navigation guard, top navigation
// and sign-in rules tell apart (product-rules.md "Navigation guard", "Sign-in and account states").
// Dates are relative to the seeding time so the demo stays meaningful.

export type DemoStudent = DemoPerson & {
  humanAccess: boolean
  aiAccess: boolean
  onlyGroupLessons?: boolean
  /**
   * 'partner' stands for a name containing PARTNER_COMPANY_NAME (the it-teachers screen,
   * product-rules.md "Screens and routes").
   */
  company?: 'partner' | string
  /** Days from now; negative = already expired. */
  activeUntilDays: number
  warnedDaysAgo?: number
  bannedForDays?: number
  registrationCompleted?: boolean
  /** Gets a generated profile picture. */
  picture?: boolean
  learned: LanguageName[]
  summary: string
}

export const DEMO_STUDENTS: DemoStudent[] = [
  {
    email: 'marta.dabrowska@demo.lektorium.pl',
    firstName: 'Marta',
    lastName: 'Dąbrowska',
    phoneNumber: '+48511222333',
    dateOfBirth: '1995-05-17',
    locale: 'pl',
    humanAccess: true,
    aiAccess: false,
    company: 'Orbis Logistyka',
    activeUntilDays: 180,
    picture: true,
    learned: ['English'],
    summary: 'Student: human lessons only',
  },
  {
    email: 'pawel.kozlowski@demo.lektorium.pl',
    firstName: 'Paweł',
    lastName: 'Kozłowski',
    phoneNumber: '+48512333444',
    dateOfBirth: '1989-10-02',
    locale: 'pl',
    humanAccess: false,
    aiAccess: true,
    activeUntilDays: 180,
    learned: ['Spanish'],
    summary: 'Student: AI lessons only',
  },
  {
    email: 'julia.jankowska@demo.lektorium.pl',
    firstName: 'Julia',
    lastName: 'Jankowska',
    phoneNumber: '+48513444555',
    dateOfBirth: '2001-01-23',
    locale: 'en',
    humanAccess: true,
    aiAccess: true,
    activeUntilDays: 365,
    picture: true,
    learned: ['English', 'French'],
    summary: 'Student (en): human and AI lessons',
  },
  {
    email: 'krzysztof.mazur@demo.lektorium.pl',
    firstName: 'Krzysztof',
    lastName: 'Mazur',
    phoneNumber: '+48514555666',
    dateOfBirth: '1984-07-11',
    locale: 'pl',
    humanAccess: true,
    aiAccess: false,
    onlyGroupLessons: true,
    activeUntilDays: 180,
    learned: ['German'],
    summary: 'Student: group lessons only',
  },
  {
    email: 'kamil.nowicki@demo.lektorium.pl',
    firstName: 'Kamil',
    lastName: 'Nowicki',
    phoneNumber: '+48514777888',
    dateOfBirth: '1990-02-14',
    locale: 'pl',
    humanAccess: true,
    aiAccess: false,
    onlyGroupLessons: true,
    activeUntilDays: 180,
    learned: ['German'],
    summary: "Student: group lessons only, Krzysztof's classmate",
  },
  {
    email: 'aleksandra.krawczyk@demo.lektorium.pl',
    firstName: 'Aleksandra',
    lastName: 'Krawczyk',
    phoneNumber: '+48515666777',
    dateOfBirth: '1993-03-29',
    locale: 'pl',
    humanAccess: true,
    aiAccess: true,
    company: 'partner',
    activeUntilDays: 365,
    picture: true,
    learned: ['English'],
    summary: 'Student of the partner company (sees IT teachers)',
  },
  {
    email: 'marcin.piotrowski@demo.lektorium.pl',
    firstName: 'Marcin',
    lastName: 'Piotrowski',
    phoneNumber: '+48516777888',
    dateOfBirth: '1997-09-08',
    locale: 'pl',
    humanAccess: true,
    aiAccess: false,
    activeUntilDays: 180,
    warnedDaysAgo: 3,
    picture: true,
    learned: ['Italian'],
    summary: 'Student warned for a late cancellation (ban-warning dialog)',
  },
  {
    email: 'natalia.grabowska@demo.lektorium.pl',
    firstName: 'Natalia',
    lastName: 'Grabowska',
    phoneNumber: '+48517888999',
    dateOfBirth: '1999-12-01',
    locale: 'pl',
    humanAccess: true,
    aiAccess: false,
    activeUntilDays: 180,
    warnedDaysAgo: 20,
    bannedForDays: 10,
    learned: ['Russian'],
    summary: 'Student banned for 10 days (sign-in refused with the ban date)',
  },
  {
    email: 'adam.pawlowski@demo.lektorium.pl',
    firstName: 'Adam',
    lastName: 'Pawłowski',
    phoneNumber: '+48518999000',
    dateOfBirth: '1980-02-14',
    locale: 'pl',
    humanAccess: true,
    aiAccess: false,
    activeUntilDays: -30,
    learned: ['English'],
    summary: "Student whose 'active until' date has passed",
  },
  {
    email: 'piotr.wisniewski@demo.lektorium.pl',
    firstName: 'Piotr',
    lastName: 'Wiśniewski',
    phoneNumber: '+48520111222',
    dateOfBirth: '1991-08-19',
    locale: 'pl',
    humanAccess: true,
    aiAccess: false,
    activeUntilDays: 180,
    picture: true,
    learned: ['English'],
    summary:
      'Student with lessons: one starting now (Join, absence), one in two days, one finished yesterday',
  },
  {
    email: 'zofia.michalska@demo.lektorium.pl',
    firstName: 'Zofia',
    lastName: 'Michalska',
    phoneNumber: '+48519000111',
    dateOfBirth: '2003-06-06',
    locale: 'pl',
    humanAccess: true,
    aiAccess: true,
    activeUntilDays: 180,
    registrationCompleted: false,
    learned: [],
    summary: 'Student who has not completed the registration (redirected to /registration)',
  },
]
