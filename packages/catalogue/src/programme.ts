import type { ProgrammeCourseName } from './application-options';

/** The youth development programme: facts, page content and FAQ (each intake is an initiative). */
export const programme = {
  title: 'Semiconductor Youth Development Programme',
  fee: 'Free',
  allowance: { amount: 2500, currency: 'MYR', label: 'RM 2,500', per: 'month' },
  durationMonths: 4,
  onTheJobTrainingWeeks: 16,
  careerSupportDays: 60,
  maxAge: 30,
  resultNotification: '2-3 weeks',
  hero: {
    eyebrow: 'Youth Development Programme',
    title: 'Start your semiconductor career, fully funded',
    subtitle:
      'A free programme that pays you RM 2,500 a month for 4 months. Online training is followed by 16 weeks of paid on-the-job training with an industry partner and 60 days of extended career support.',
    applyLabel: 'Apply now',
  },
  highlights: [
    { value: 'Free', label: 'No programme fee' },
    { value: 'RM 2,500', label: 'Monthly allowance for 4 months' },
    { value: '16 weeks', label: 'Paid on-the-job training' },
    { value: '60 days', label: 'Extended career support' },
  ],
  eligibility: ['Malaysian citizen', 'Aged 30 or below', 'Holds a degree or diploma', 'Currently unemployed'],
  journey: [
    {
      title: 'Online training',
      description:
        'Learn the foundations of your chosen track, Analog Design, Digital Design or Packaging, with live classes and guided labs.',
    },
    {
      title: 'On-the-job training',
      description: 'Spend 16 paid weeks in an industry placement, working on real projects under an experienced engineer.',
    },
    {
      title: 'Extended career support',
      description: 'For 60 days after the programme we help with your CV, interview preparation and introductions to hiring partners.',
    },
  ],
  jobRolesTitle: '20 semiconductor job roles you can grow into',
  coursesTitle: 'Choose your track',
  faqTitle: 'Frequently asked questions',
} as const;

export interface JobRole {
  readonly title: string;
  readonly description: string;
}

export const jobRoles: readonly JobRole[] = [
  { title: 'Analog IC Design Engineer', description: 'Designs amplifiers, data converters, PLLs and regulators at transistor level.' },
  { title: 'Analog Layout Engineer', description: 'Draws matched, reliable transistor-level layouts for analog and mixed-signal blocks.' },
  { title: 'Digital IC Design Engineer', description: 'Writes synthesisable RTL for processors, interfaces and accelerators.' },
  { title: 'Design Verification Engineer', description: 'Builds UVM testbenches and closes functional coverage before tape-out.' },
  { title: 'FPGA Design Engineer', description: 'Implements and prototypes digital designs on FPGAs.' },
  { title: 'Physical Design Engineer', description: 'Takes netlists through floorplan, placement, clock tree and routing to GDSII.' },
  { title: 'Static Timing Analysis Engineer', description: 'Signs off timing across corners and modes and drives timing closure.' },
  { title: 'Design for Test (DFT) Engineer', description: 'Inserts scan, compression and BIST and generates ATPG patterns.' },
  { title: 'Post-Silicon Validation Engineer', description: 'Brings up first silicon and proves it meets the specification.' },
  { title: 'Test Development Engineer', description: 'Writes and debugs production test programs for automatic test equipment.' },
  { title: 'Product Engineer', description: 'Owns a product from first silicon to volume, balancing yield, cost and quality.' },
  { title: 'Package Design Engineer', description: 'Designs substrates, leadframes and interconnects for IC packages.' },
  { title: 'Thermal and Mechanical Engineer', description: 'Simulates heat flow, warpage and stress in packages and modules.' },
  { title: 'Assembly Process Engineer', description: 'Runs die attach, wire bond, flip-chip and moulding processes in assembly lines.' },
  { title: 'Wafer Fab Process Engineer', description: 'Owns a lithography, etch, deposition or CMP process module in a fab.' },
  { title: 'Equipment Engineer', description: 'Keeps fab and assembly tools qualified, calibrated and running.' },
  { title: 'Yield Engineer', description: 'Finds and removes the causes of yield loss using data from fab and test.' },
  { title: 'Failure Analysis Engineer', description: 'Locates and explains failures with fault isolation, FIB, SEM and TEM.' },
  { title: 'Reliability Engineer', description: 'Qualifies products with stress tests and predicts their lifetime.' },
  { title: 'Quality Engineer', description: 'Runs quality systems, customer returns and 8D corrective actions.' },
];

export interface ProgrammeCourse {
  /** Equal to the application form's course option value. */
  readonly value: ProgrammeCourseName;
  readonly title: ProgrammeCourseName;
  readonly description: string;
  readonly covers: readonly string[];
  readonly roles: readonly string[];
}

/** The programme's three tracks, for the tab selector. */
export const programmeCourses: readonly ProgrammeCourse[] = [
  {
    value: 'Analog Design',
    title: 'Analog Design',
    description:
      'Design the circuits that connect chips to the physical world: amplifiers, references, data converters and clocks, from hand analysis to simulated, laid-out blocks.',
    covers: [
      'MOSFET operation, small-signal models and gm/Id sizing',
      'Current mirrors, differential pairs and two-stage op-amps',
      'Bandgap references, LDO regulators and comparators',
      'SPICE simulation: DC, AC, transient, noise, corners and Monte Carlo',
      'Analog layout: matching, common-centroid placement, guard rings, DRC and LVS',
    ],
    roles: ['Analog IC Design Engineer', 'Analog Layout Engineer'],
  },
  {
    value: 'Digital Design',
    title: 'Digital Design',
    description:
      'Build digital logic from specification to verified, synthesised RTL, and follow it through the implementation flow to a timing-clean layout.',
    covers: [
      'SystemVerilog RTL for datapaths, FSMs and interfaces',
      'Simulation and self-checking testbenches, with an introduction to UVM',
      'Logic synthesis and timing constraints (SDC)',
      'Static timing analysis: setup, hold and clock skew',
      'Physical design basics: floorplan, placement, clock tree and routing',
    ],
    roles: ['Digital IC Design Engineer', 'Design Verification Engineer', 'Physical Design Engineer'],
  },
  {
    value: 'Packaging',
    title: 'Packaging',
    description:
      'Learn how a finished wafer becomes a packaged, tested product: assembly processes, package design, thermal and mechanical reliability, and quality.',
    covers: [
      'Package families: QFN, BGA, flip-chip, WLCSP and system-in-package',
      'Assembly flow: grinding, dicing, die attach, wire bond, moulding and singulation',
      'Thermal resistance and warpage, with simulation basics',
      'Reliability stresses: temperature cycling, HAST and moisture sensitivity levels',
      'Process control, yield and failure analysis of package defects',
    ],
    roles: ['Package Design Engineer', 'Assembly Process Engineer', 'Reliability Engineer'],
  },
];

export interface FaqItem {
  readonly question: string;
  readonly answer: string;
}

export interface FaqCategory {
  readonly id: string;
  readonly title: string;
  readonly items: readonly FaqItem[];
}

export const faq: readonly FaqCategory[] = [
  {
    id: 'eligibility',
    title: 'Eligibility',
    items: [
      {
        question: 'Who can apply?',
        answer: 'Malaysian citizens aged 30 or below who hold a degree or diploma and are currently unemployed.',
      },
      {
        question: 'Do I need an engineering degree?',
        answer:
          'No. Engineering and science graduates fit the tracks most naturally, but we consider every degree or diploma holder who shows aptitude and commitment.',
      },
      {
        question: 'I graduated several years ago. Can I still apply?',
        answer: 'Yes, as long as you are aged 30 or below and currently unemployed.',
      },
      {
        question: 'I am in my final semester. Can I apply?',
        answer: 'You need to hold your degree or diploma by the start of the cohort on 1 September 2025.',
      },
    ],
  },
  {
    id: 'application',
    title: 'Application and selection',
    items: [
      {
        question: 'How do I apply?',
        answer:
          'Press Apply now, choose your track and fill in the application form. Upload your resume and transcript as PDF files of at most 2.5 MB each.',
      },
      {
        question: 'Is there an application fee?',
        answer: 'No. Applying is free and so is the programme.',
      },
      {
        question: 'How are applicants selected?',
        answer:
          'We review your qualifications, English proficiency and motivation, then shortlisted applicants are invited to an online assessment and interview.',
      },
      {
        question: 'When will I know the result?',
        answer: 'We notify every applicant of the result by email within 2-3 weeks of applying.',
      },
    ],
  },
  {
    id: 'programme',
    title: 'Programme and training',
    items: [
      {
        question: 'When does the programme start?',
        answer: 'The first cohort starts on 1 September 2025.',
      },
      {
        question: 'How long is the programme?',
        answer:
          'The programme runs for 4 months with a monthly allowance. Online training is followed by 16 weeks of paid on-the-job training, and 60 days of extended career support follow afterwards.',
      },
      {
        question: 'Which tracks can I choose?',
        answer: 'Analog Design, Digital Design or Packaging. You choose one track when you apply.',
      },
      {
        question: 'What equipment do I need?',
        answer:
          'A laptop or desktop computer and a stable internet connection for the online training. Lab tools are provided through our cloud environment.',
      },
    ],
  },
  {
    id: 'allowance',
    title: 'Allowance and career support',
    items: [
      {
        question: 'How much is the allowance?',
        answer: 'Participants receive RM 2,500 a month for the 4 months of the programme.',
      },
      {
        question: 'Where will my on-the-job training take place?',
        answer:
          'With one of our industry partners. Placements may be outside your home state, so the application asks whether you can relocate.',
      },
      {
        question: 'What happens after the programme?',
        answer:
          'You receive 60 days of extended career support: CV and portfolio reviews, interview preparation and introductions to our hiring partners.',
      },
    ],
  },
];

/** The confirmation page shown after a programme application. */
export const thankYouCopy = {
  title: 'Thank you for applying!',
  message:
    'We have received your application for the Youth Development Programme. Our team will review it and notify you of the result by email within 1-2 weeks.',
  /** Admissions: the confirmation email carries the applicant's private status link. */
  confirmation: 'A confirmation email is on its way, with a private link where you can follow your application at any time.',
  note: 'Please check your spam or promotions folder if you do not see our email.',
  action: { label: 'Back to home', to: '/' },
} as const;
