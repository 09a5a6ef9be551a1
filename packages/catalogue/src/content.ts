/** Texts of the landing and about pages, and the company's services. */

export interface Stat {
  readonly value: string;
  readonly label: string;
}

export const stats: readonly Stat[] = [
  { value: '10k+', label: 'Graduates' },
  { value: '30+', label: 'Hiring partners' },
];

export const landingContent = {
  hero: {
    title: "Building Tomorrow's Semiconductor Leaders",
    subtitle:
      'Industry-recognised training in chip design, verification, packaging, test and manufacturing, taught by engineers who do the work, with a direct path to hiring partners.',
    primaryAction: { label: 'Get started', to: '/apply' },
    secondaryAction: { label: 'Learn more', to: '/about' },
  },
  topCourses: {
    title: 'Explore our top courses',
    subtitle: 'Start with a foundation course and build towards a specialist track.',
    browseAll: { label: 'Browse all courses', to: '/courses' },
  },
  testimonials: {
    title: 'What our graduates say',
    action: { label: 'Enrol now', to: '/apply' },
  },
  whyUs: {
    title: 'Why learn with us',
  },
  getStarted: {
    title: 'Get started today',
    text: 'Tell us where you are in your career and we will help you choose the right course or programme.',
    action: { label: 'Contact us now', to: '/contact' },
  },
} as const;

export interface WhyUsItem {
  readonly title: string;
  readonly description: string;
}

export const whyUs: readonly WhyUsItem[] = [
  {
    title: 'Industry-recognised certification',
    description:
      'Every course ends with an assessed project and a certificate that lists the skills and tools you used, so employers can see exactly what you can do.',
  },
  {
    title: 'Hands-on project learning',
    description:
      'You write RTL, build testbenches, close timing, set up process recipes and isolate real failures in guided labs instead of only watching slides.',
  },
  {
    title: 'Expert-led training',
    description:
      'Instructors are practising design, test, process and failure analysis engineers who bring current industry flows and war stories into class.',
  },
  {
    title: 'Career-focused outcomes',
    description:
      'Courses map to real job roles, and our hiring partners review graduate portfolios, so your training leads to interviews and offers.',
  },
];

export interface ServiceGroup {
  readonly title: string;
  readonly description: string;
  readonly items: readonly string[];
}

/** What the company offers besides its courses. */
export const companyServices = {
  intro: 'We connect talent with industry through learning pathways, a job platform, programme management and talent solutions.',
  groups: [
    {
      title: 'Learning pathways',
      description: 'Structured courses from first principles to specialist skills in chip design, manufacturing and test.',
      items: ['Introductory courses', 'Specialist tracks', 'Industry-recognised certificates'],
    },
    {
      title: 'Job platform',
      description: 'A place where graduates meet employers looking for trained semiconductor talent.',
      items: ['Graduate profiles and portfolios', 'Job listings from hiring partners', 'Interview matching'],
    },
    {
      title: 'Programme management',
      description: 'We design and run talent programmes with industry, government and universities.',
      items: ['Apprenticeships', 'Workforce development', 'International partnerships', 'Education services'],
    },
    {
      title: 'Talent solutions',
      description: 'We help companies find, place and keep the engineers they need.',
      items: ['Recruitment', 'Permanent and flexible placement', 'Employer branding'],
    },
  ] satisfies ServiceGroup[],
} as const;

export interface Pillar {
  readonly title: string;
  readonly description: string;
}

export const aboutContent = {
  banner: {
    title: 'About us',
    subtitle: 'Growing the engineers who design, build and test the chips the world runs on.',
  },
  mission: {
    title: 'Our mission',
    text: 'To give every motivated graduate a practical route into the semiconductor industry, and to give employers engineers who are productive from their first week.',
  },
  whatWeDo: {
    title: 'What We Do',
    pillars: [
      {
        title: 'Train',
        description:
          'Courses across the whole chip life cycle: logic design, verification, physical design, design for test, packaging, process engineering, software validation and failure analysis.',
      },
      {
        title: 'Connect',
        description:
          'A job platform and hiring-partner network that turns finished projects into interviews, apprenticeships and full-time roles.',
      },
      {
        title: 'Grow',
        description:
          'Programme management and talent solutions that help companies, universities and government agencies build a lasting semiconductor workforce.',
      },
    ] satisfies Pillar[],
  },
  whyChooseUs: {
    title: 'Why Choose Us',
    points: [
      {
        title: 'Industry-designed curriculum',
        description: 'Every course is built with practising engineers around the tasks that new hires actually do.',
      },
      {
        title: 'Hands-on labs with real tools',
        description: 'Students use industry EDA tools and open-source flows such as Verilator, Yosys and OpenROAD.',
      },
      {
        title: 'Expert instructors',
        description: 'Classes are led by engineers from design houses, fabs, assembly and test sites and FA labs.',
      },
      {
        title: 'Flexible learning',
        description: 'Online and hybrid formats let you study while working or relocating for a new role.',
      },
      {
        title: 'Career support',
        description: 'Portfolio reviews, interview preparation and introductions to our hiring partners.',
      },
    ] satisfies Pillar[],
  },
  impact: {
    title: 'Our Impact',
    bullets: [
      '10k+ graduates trained for semiconductor careers',
      '30+ hiring partners across design, manufacturing, assembly and test',
      'Courses covering the whole chip life cycle, from RTL to failure analysis',
      'A free youth development programme that pays Malaysian graduates while they train',
      'Career support that continues after the last class',
    ],
  },
  lookingForward: {
    title: 'Looking Forward',
    text: 'As the region grows from assembly and test into design and advanced packaging, we will keep adding courses, partners and programmes so that local talent leads that growth.',
  },
} as const;
