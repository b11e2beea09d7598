import type { StoredAddress } from '../db/schema.ts'
import type { DemoPerson } from './demo-accounts.ts'
import type { LanguageName, LevelName, SpecializationName } from './dictionaries.ts'

// Demo teachers: eight verified teachers covering varied languages, levels and
// specializations, and one awaiting verification (product-rules.md "Sign-in and account states").

export type DemoTeacher = DemoPerson & {
  status: 'active' | 'pending_verification'
  description: string
  about: string
  iban: string
  swift: string | null
  address: StoredAddress
  socialLinks: string[]
  taught: [LanguageName, LevelName][]
  teaching: LanguageName[]
  specializations: [LanguageName, SpecializationName][]
  notAcceptingNewStudents?: boolean
  summary: string
}

export const DEMO_TEACHERS: DemoTeacher[] = [
  {
    email: 'anna.nowak@demo.lektorium.pl',
    firstName: 'Anna',
    lastName: 'Nowak',
    phoneNumber: '+48601234567',
    dateOfBirth: '1986-04-12',
    locale: 'pl',
    status: 'active',
    description:
      'Lektorka języka angielskiego z piętnastoletnim doświadczeniem. Przygotowuję do egzaminów Cambridge i rozmów kwalifikacyjnych, prowadzę zajęcia z angielskiego biznesowego dla zespołów międzynarodowych. Na lekcjach dużo mówimy, a gramatykę ćwiczymy na praktycznych przykładach.',
    about: 'Mieszkam w Krakowie, uwielbiam brytyjskie kryminały i górskie wędrówki.',
    iban: 'PL40526018159083016613186091',
    swift: null,
    address: {
      street: 'ul. Długa',
      buildingNumber: '12',
      apartmentNumber: '4',
      zip: '31-147',
      city: 'Kraków',
      country: 'Polska',
    },
    socialLinks: ['https://www.linkedin.com/in/anna-nowak-demo'],
    taught: [
      ['English', 'C2'],
      ['German', 'B2'],
    ],
    teaching: ['Polish', 'English'],
    specializations: [
      ['English', 'business'],
      ['English', 'general'],
      ['German', 'general'],
    ],
    summary: 'Teacher: English C2, German B2 (business, general)',
  },
  {
    email: 'piotr.kowalski@demo.lektorium.pl',
    firstName: 'Piotr',
    lastName: 'Kowalski',
    phoneNumber: '+48602345678',
    dateOfBirth: '1979-09-30',
    locale: 'pl',
    status: 'active',
    description:
      'Tłumacz przysięgły języka hiszpańskiego, przez dziesięć lat mieszkałem w Walencji i Lizbonie. Uczę hiszpańskiego i portugalskiego od podstaw, a zaawansowanym kursantom pomagam w przekładach umów i dokumentów.',
    about: 'Kibic FC Barcelony i miłośnik kuchni iberyjskiej.',
    iban: 'PL21390996030824628194821993',
    swift: null,
    address: {
      street: 'ul. Piotrkowska',
      buildingNumber: '88',
      zip: '90-103',
      city: 'Łódź',
      country: 'Polska',
    },
    socialLinks: [],
    taught: [
      ['Spanish', 'C2'],
      ['Portuguese', 'B2'],
    ],
    teaching: ['Polish', 'Spanish'],
    specializations: [
      ['Spanish', 'translations'],
      ['Spanish', 'general'],
      ['Portuguese', 'general'],
    ],
    summary: 'Teacher: Spanish C2, Portuguese B2 (translations, general)',
  },
  {
    email: 'katarzyna.wisniewska@demo.lektorium.pl',
    firstName: 'Katarzyna',
    lastName: 'Wiśniewska',
    phoneNumber: '+48603456789',
    dateOfBirth: '1990-02-18',
    locale: 'pl',
    status: 'active',
    description:
      'Absolwentka romanistyki i lekarka z wykształcenia. Prowadzę kursy francuskiego medycznego dla lekarzy i pielęgniarek wyjeżdżających do Francji i Belgii oraz zajęcia ogólne na wszystkich poziomach.',
    about: 'Po godzinach gram na wiolonczeli.',
    iban: 'PL85518190937865797543231948',
    swift: null,
    address: {
      street: 'ul. Świętojańska',
      buildingNumber: '45',
      apartmentNumber: '2',
      zip: '81-391',
      city: 'Gdynia',
      country: 'Polska',
    },
    socialLinks: [],
    taught: [['French', 'C1']],
    teaching: ['Polish', 'French'],
    specializations: [
      ['French', 'medicine'],
      ['French', 'general'],
    ],
    summary: 'Teacher: French C1 (medicine, general)',
  },
  {
    email: 'tomasz.wojcik@demo.lektorium.pl',
    firstName: 'Tomasz',
    lastName: 'Wójcik',
    phoneNumber: '+48604567890',
    dateOfBirth: '1982-11-05',
    locale: 'pl',
    status: 'active',
    description:
      'Przez osiem lat pracowałem we frankfurckim banku, dziś uczę niemieckiego finansowego i biznesowego. Pomagam przygotować prezentacje, raporty i negocjacje, a także zdać egzamin Goethe-Zertifikat.',
    about: 'Biegam maratony i czytam Thomasa Manna w oryginale.',
    iban: 'PL07757491186252760189555979',
    swift: null,
    address: {
      street: 'ul. Marszałkowska',
      buildingNumber: '140',
      apartmentNumber: '17',
      zip: '00-061',
      city: 'Warszawa',
      country: 'Polska',
    },
    socialLinks: ['https://www.linkedin.com/in/tomasz-wojcik-demo'],
    taught: [['German', 'C2']],
    teaching: ['Polish', 'German'],
    specializations: [
      ['German', 'business'],
      ['German', 'banking'],
      ['German', 'money & banking'],
    ],
    summary: 'Teacher: German C2 (business, banking, money & banking)',
  },
  {
    email: 'magdalena.kaminska@demo.lektorium.pl',
    firstName: 'Magdalena',
    lastName: 'Kamińska',
    phoneNumber: '+48605678901',
    dateOfBirth: '1992-06-21',
    locale: 'en',
    status: 'active',
    description:
      'Byłam programistką i rekruterką IT, teraz uczę angielskiego dla branży technologicznej: code review, dokumentacja, stand-upy i rozmowy rekrutacyjne. Zajęcia prowadzę także dla działów HR.',
    about: 'Fanka planszówek i Pythona.',
    iban: 'PL67711471049746507529170342',
    swift: null,
    address: { street: 'ul. Ruska', buildingNumber: '51', zip: '50-079', city: 'Wrocław', country: 'Polska' },
    socialLinks: ['https://github.com/magdalena-kaminska-demo'],
    taught: [['English', 'C1']],
    teaching: ['Polish', 'English'],
    specializations: [
      ['English', 'it'],
      ['English', 'hr'],
    ],
    summary: 'Teacher (en): English C1 (IT, HR), for the partner company IT list',
  },
  {
    email: 'michal.lewandowski@demo.lektorium.pl',
    firstName: 'Michał',
    lastName: 'Lewandowski',
    phoneNumber: '+48606789012',
    dateOfBirth: '1975-01-27',
    locale: 'pl',
    status: 'active',
    description:
      'Włoski to moja pasja od czasów studiów w Bolonii. Uczę języka ogólnego i kultury Włoch, przygotowuję do certyfikatu CELI. Na zajęciach korzystam z filmów, piosenek i prasy włoskiej.',
    about: 'Gotuję risotto i zbieram płyty winylowe.',
    iban: 'DE89370400440532013000',
    swift: 'COBADEFFXXX',
    address: { street: 'Hauptstraße', buildingNumber: '5', zip: '10115', city: 'Berlin', country: 'Niemcy' },
    socialLinks: [],
    taught: [
      ['Italian', 'C2'],
      ['English', 'B2'],
    ],
    teaching: ['Polish', 'Italian'],
    specializations: [
      ['Italian', 'general'],
      ['Italian', 'teaching'],
      ['English', 'general'],
    ],
    notAcceptingNewStudents: true,
    summary: 'Teacher: Italian C2, English B2; foreign IBAN; not accepting new students',
  },
  {
    email: 'agnieszka.zielinska@demo.lektorium.pl',
    firstName: 'Agnieszka',
    lastName: 'Zielińska',
    phoneNumber: '+48607890123',
    dateOfBirth: '1988-08-09',
    locale: 'pl',
    status: 'active',
    description:
      'Filolożka wschodniosłowiańska, tłumaczka literatury rosyjskiej i ukraińskiej. Uczę obu języków od alfabetu po poziom zaawansowany, pomagam także w tłumaczeniach specjalistycznych.',
    about: 'Lubię podróże koleją transsyberyjską.',
    iban: 'PL32366712768426846563212233',
    swift: null,
    address: {
      street: 'ul. Lipowa',
      buildingNumber: '3',
      apartmentNumber: '9',
      zip: '20-020',
      city: 'Lublin',
      country: 'Polska',
    },
    socialLinks: [],
    taught: [
      ['Russian', 'C2'],
      ['Ukrainian', 'C1'],
    ],
    teaching: ['Polish', 'Russian', 'Ukrainian'],
    specializations: [
      ['Russian', 'translations'],
      ['Ukrainian', 'translations'],
      ['Russian', 'general'],
    ],
    summary: 'Teacher: Russian C2, Ukrainian C1 (translations, general)',
  },
  {
    email: 'jakub.szymanski@demo.lektorium.pl',
    firstName: 'Jakub',
    lastName: 'Szymański',
    phoneNumber: '+48608901234',
    dateOfBirth: '1991-12-14',
    locale: 'pl',
    status: 'active',
    description:
      'Sinolog, cztery lata mieszkałem w Szanghaju i dwa w Osace. Uczę chińskiego i mandaryńskiego oraz japońskiego na poziomie średnim, ze szczególnym naciskiem na wymowę i tony. Pomagam też firmom w kontaktach biznesowych z Azją.',
    about: 'Ćwiczę tai chi i kaligrafię.',
    iban: 'PL76079244026859952890786666',
    swift: null,
    address: {
      street: 'ul. Półwiejska',
      buildingNumber: '32',
      zip: '61-888',
      city: 'Poznań',
      country: 'Polska',
    },
    socialLinks: [],
    taught: [
      ['Chinese', 'C1'],
      ['Mandarin', 'C1'],
      ['Japanese', 'B2'],
    ],
    teaching: ['Polish', 'English'],
    specializations: [
      ['Chinese', 'general'],
      ['Mandarin', 'business'],
      ['Japanese', 'general'],
    ],
    summary: 'Teacher: Chinese C1, Mandarin C1, Japanese B2 (general, business)',
  },
  {
    email: 'ewa.wozniak@demo.lektorium.pl',
    firstName: 'Ewa',
    lastName: 'Woźniak',
    phoneNumber: '+48609012345',
    dateOfBirth: '1994-03-03',
    locale: 'pl',
    status: 'pending_verification',
    description:
      'Skandynawistka, mieszkałam w Sztokholmie i Oslo. Chcę uczyć szwedzkiego i norweskiego osoby, które planują pracę w Skandynawii, od podstaw do swobodnej rozmowy.',
    about: 'Uwielbiam skandynawski design i długie spacery.',
    iban: 'PL76176031372159010928159013',
    swift: null,
    address: {
      street: 'ul. Mariacka',
      buildingNumber: '7',
      zip: '40-014',
      city: 'Katowice',
      country: 'Polska',
    },
    socialLinks: [],
    taught: [
      ['Swedish', 'C1'],
      ['Norwegian', 'B2'],
    ],
    teaching: ['Polish'],
    specializations: [
      ['Swedish', 'general'],
      ['Norwegian', 'general'],
    ],
    summary: 'Teacher awaiting verification (npm run ops -- verify-teacher …)',
  },
]
