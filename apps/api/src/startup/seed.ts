import { hashPassword } from '../modules/auth';
import type { StorageService } from '../platform/storage/storage.service';
import type { DataSource, EntityManager } from 'typeorm';
import { exec, mustOne } from '../common/sql/db';
import { attachDemoLessonFiles, type ReadingHandout } from './seed-lesson-files';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

export const DEMO_LOGINS: (DemoLogin & { first_name: string; last_name: string })[] = [
  { role: 'ADMIN', email: 'admin@example.com', password: 'Admin#Wafer2026', first_name: 'Nadia', last_name: 'Hassan' },
  { role: 'INSTRUCTOR', email: 'instructor@example.com', password: 'Teach#Wafer2026', first_name: 'Rajesh', last_name: 'Kumar' },
  { role: 'STUDENT', email: 'student@example.com', password: 'Learn#Wafer2026', first_name: 'Aisyah', last_name: 'Rahman' },
  { role: 'STUDENT', email: 'student2@example.com', password: 'Learn#Wafer2026', first_name: 'Wei Jie', last_name: 'Tan' },
];

type LessonSeed = {
  title: string;
  type: 'VIDEO' | 'READING' | 'QUIZ' | 'PROJECT';
  description: string;
  links?: string[];
  /** The PDF handout of a reading. */
  handout?: ReadingHandout;
};

type CourseSeed = { title: string; description: string; modules: { title: string; lessons: LessonSeed[] }[] };

export const DEMO_COURSES: CourseSeed[] = [
  {
    title: 'Digital IC Design Fundamentals',
    description: 'From a specification to synthesisable SystemVerilog RTL, verified in simulation and ready for synthesis.',
    modules: [
      {
        title: 'RTL design with SystemVerilog',
        lessons: [
          {
            title: 'The digital chip design flow',
            type: 'VIDEO',
            description:
              'Specification, RTL, verification, synthesis, place and route and sign-off: who does what, and why each step exists.',
          },
          {
            title: 'Combinational and sequential logic in SystemVerilog',
            type: 'READING',
            description: 'always_comb, always_ff, blocking versus non-blocking assignment, and the latches you did not mean to write.',
            links: ['https://www.chipverify.com/systemverilog/systemverilog-tutorial'],
            handout: {
              paragraphs: [
                '# Two kinds of logic',
                'Combinational logic computes its outputs from its present inputs only: adders, multiplexers, decoders and comparators. Sequential logic also remembers: its outputs depend on state held in flip-flops that change on a clock edge.',
                '# always_comb',
                'Describe combinational logic in an always_comb block and use blocking assignments (=). Give every output a value on every path through the block, for example with a default assignment at the top; an output left unassigned on some path makes the synthesis tool infer a latch.',
                '# always_ff',
                'Describe registers in an always_ff @(posedge clk) block and use non-blocking assignments (<=). All right-hand sides are read before any register is updated, so a chain of registers shifts by one stage per clock, exactly as the hardware does.',
                '# Reset',
                'Choose one reset style for the design and keep to it. A synchronous reset is sampled on the clock edge; an asynchronous reset appears in the sensitivity list (always_ff @(posedge clk or negedge rst_n)) and acts at once. Reset only the registers that need a known value.',
                '# Check yourself',
                'Before the quiz, write a 4-bit counter with an enable and a synchronous reset, then a 2-to-1 multiplexer, and simulate both. Look for latch warnings in the synthesis log: there should be none.',
              ],
            },
          },
          {
            title: 'Quiz: RTL building blocks',
            type: 'QUIZ',
            description: 'Four questions on flip-flops, latches, counters and multiplexers.',
          },
        ],
      },
      {
        title: 'Verification basics',
        lessons: [
          {
            title: 'Writing a self-checking testbench',
            type: 'VIDEO',
            description: 'Stimulus, a reference model and a scoreboard: a testbench that tells you when the design is wrong.',
          },
          {
            title: 'Project: a UART transmitter',
            type: 'PROJECT',
            description: 'Design a 115200-baud UART transmitter in SystemVerilog and prove it with your own testbench.',
          },
        ],
      },
    ],
  },
  {
    title: 'Analog Circuit Design Essentials',
    description: 'MOSFET operation, biasing and single-stage amplifiers, with hand analysis checked against SPICE.',
    modules: [
      {
        title: 'MOSFET fundamentals',
        lessons: [
          {
            title: 'How a MOSFET works',
            type: 'VIDEO',
            description: 'Threshold voltage, the triode and saturation regions and the square-law model.',
          },
          {
            title: 'Small-signal models',
            type: 'READING',
            description: 'Transconductance, output resistance and the hybrid-pi model you will use in every amplifier.',
            handout: {
              paragraphs: [
                '# Why linearise',
                'An amplifier is biased at an operating point and driven by small signals around it. Around that point the MOSFET behaves almost linearly, so we replace it by a linear model and use ordinary circuit analysis.',
                '# Transconductance',
                'In saturation the drain current follows the square law, and its slope with respect to the gate-source voltage is the transconductance gm = 2 ID / (VGS - VTH). Doubling the bias current raises gm by the square root of two at fixed device size.',
                '# Output resistance',
                'Channel-length modulation makes the drain current rise slowly with the drain-source voltage. It is modelled by the output resistance ro = 1 / (lambda ID); longer channels give a higher ro and more gain.',
                '# The hybrid-pi model',
                'Between gate and source there is an open circuit at low frequency; from drain to source a current source gm vgs in parallel with ro. Add the capacitances Cgs and Cgd for frequency response. The intrinsic gain of one transistor is gm ro.',
              ],
            },
          },
        ],
      },
      {
        title: 'Single-stage amplifiers',
        lessons: [
          {
            title: 'Quiz: common-source amplifiers',
            type: 'QUIZ',
            description: 'Gain, output swing and bandwidth of the common-source stage.',
          },
          {
            title: 'Project: design a common-source amplifier',
            type: 'PROJECT',
            description: 'Size and bias a common-source stage for 20 dB of gain and verify it in ngspice.',
          },
        ],
      },
    ],
  },
];

export interface SeedOptions {
  /** Stores the lesson videos and reading PDFs. */
  storage: StorageService;
  /** Root of the repository, where the committed seed assets are. */
  repoRoot: string;
}

/**
 * Creates the demo accounts and two courses of every lesson type, with a video or PDF for each video
 * and reading lesson and a question bank for each quiz. Runs only on an empty database; returns the
 * logins it created. The classes and the students' work follow once the app runs (seedDemoActivity).
 */
export async function seedDemo(ds: DataSource, opts: SeedOptions): Promise<DemoLogin[] | null> {
  const { count } = await mustOne<{ count: number }>(ds, `SELECT count(*)::int AS count FROM users`);
  if (count > 0) return null;
  const hashes = await Promise.all(DEMO_LOGINS.map((l) => hashPassword(l.password)));

  await ds.transaction(async (m) => {
    await exec(
      m,
      `INSERT INTO users (email, first_name, last_name, role, password_hash)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [
        DEMO_LOGINS.map((l) => l.email),
        DEMO_LOGINS.map((l) => l.first_name),
        DEMO_LOGINS.map((l) => l.last_name),
        DEMO_LOGINS.map((l) => l.role),
        hashes,
      ],
    );
    // The demo admin holds the finance permission, so payment details and the audit log can be shown.
    await exec(
      m,
      `INSERT INTO staff_permissions (user_id, permission) SELECT id, 'FINANCE' FROM users WHERE email = ANY($1::text[]) AND role = 'ADMIN'`,
      [DEMO_LOGINS.filter((l) => l.role === 'ADMIN').map((l) => l.email)],
    );
    for (const course of DEMO_COURSES) await insertCourse(m, course);
    await insertDemoQuizzes(m);
    const handouts = new Map(
      DEMO_COURSES.flatMap((c) => c.modules.flatMap((mod) => mod.lessons)).flatMap((l) =>
        l.handout ? [[l.title, l.handout] as const] : [],
      ),
    );
    await attachDemoLessonFiles(m, opts.storage, opts.repoRoot, handouts);

    // The classes, grade items, certificates and the students' work are made by seedDemoActivity
    // (seed-activity.ts) through the product's services once the app runs, so every figure agrees.
  });
  return DEMO_LOGINS.map(({ role, email, password }) => ({ role, email, password }));
}

/** A small question bank for each demo quiz lesson, by title: 20 minutes, two attempts, pass mark 50%. */
const DEMO_QUIZ_BANKS: Record<string, object[]> = {
  'Quiz: RTL building blocks': [
    {
      kind: 'SINGLE_CHOICE',
      prompt: 'Which construct infers a flip-flop in SystemVerilog?',
      options: [
        { key: 'ff', text: 'always_ff @(posedge clk)', is_correct: true },
        { key: 'comb', text: 'always_comb', is_correct: false },
        { key: 'assign', text: 'assign', is_correct: false },
      ],
      key: {},
    },
    {
      kind: 'TRUE_FALSE',
      prompt: 'An incomplete if statement in always_comb can infer a latch.',
      options: [],
      key: { correct_boolean: true },
    },
    { kind: 'NUMERIC', prompt: 'How many flip-flops does a 4-bit counter need?', options: [], key: { correct_number: 4, tolerance: 0 } },
    {
      kind: 'SHORT_TEXT',
      prompt: 'Name the 2-to-1 selector built in the exercise.',
      options: [],
      key: { accepted_answers: ['multiplexer', 'mux'] },
    },
  ],
  'Quiz: common-source amplifiers': [
    {
      kind: 'MULTIPLE_CHOICE',
      prompt: 'Which raise the gain of a common-source stage?',
      options: [
        { key: 'gm', text: 'A larger transconductance', is_correct: true },
        { key: 'ro', text: 'A larger output resistance', is_correct: true },
        { key: 'cl', text: 'A larger load capacitance', is_correct: false },
      ],
      key: {},
    },
    {
      kind: 'NUMERIC',
      prompt: 'gm = 2 mS and the load is 10 kΩ: what is the gain magnitude in V/V?',
      options: [],
      key: { correct_number: 20, tolerance: 0.5 },
    },
    { kind: 'FREE_TEXT', prompt: 'Explain in two sentences why the Miller effect limits bandwidth.', options: [], key: {} },
  ],
};

/** Quiz groups and banks for the demo quiz lessons, and the lessons' summaries that follow from them. */
async function insertDemoQuizzes(m: EntityManager): Promise<void> {
  await exec(
    m,
    `WITH b AS (SELECT key AS title, value AS bank FROM jsonb_each($1::jsonb)),
     g AS (
       INSERT INTO quiz_groups (lesson_id, time_limit_minutes, attempts_allowed, pass_mark_percentage)
       SELECT l.id, 20, 2, 50 FROM lessons l JOIN b ON b.title = l.title WHERE l.lesson_type = 'QUIZ'
       RETURNING id, lesson_id
     )
     INSERT INTO quiz_questions (quiz_group_id, "order", kind, prompt, points, options, answer_key)
     SELECT g.id, q.o - 1, q.v->>'kind', q.v->>'prompt', 1, q.v->'options', q.v->'key'
       FROM g JOIN lessons l ON l.id = g.lesson_id JOIN b ON b.title = l.title
       CROSS JOIN LATERAL jsonb_array_elements(b.bank) WITH ORDINALITY q(v, o)`,
    [JSON.stringify(DEMO_QUIZ_BANKS)],
  );
  await exec(
    m,
    `UPDATE lessons l SET quiz_group = jsonb_build_object('id_slug', g.id_slug, 'time_limit_minutes', g.time_limit_minutes,
              'instructions_files_urls', '[]'::jsonb,
              'total_questions', (SELECT count(*) FROM quiz_questions q WHERE q.quiz_group_id = g.id))
       FROM quiz_groups g WHERE g.lesson_id = l.id`,
  );
}

async function insertCourse(m: EntityManager, course: CourseSeed): Promise<string> {
  const row = await mustOne<{ id: string }>(m, `INSERT INTO courses (title, description) VALUES ($1, $2) RETURNING id`, [
    course.title,
    course.description,
  ]);
  for (const [mi, mod] of course.modules.entries()) {
    const moduleRow = await mustOne<{ id: string }>(m, `INSERT INTO modules (course_id, title, "order") VALUES ($1, $2, $3) RETURNING id`, [
      row.id,
      mod.title,
      mi,
    ]);
    for (const [li, lesson] of mod.lessons.entries()) {
      await exec(
        m,
        `INSERT INTO lessons (module_id, title, description, lesson_type, "order", link_urls, quiz_group, project_group)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          moduleRow.id,
          lesson.title,
          lesson.description,
          lesson.type,
          li,
          lesson.links ?? [],
          lesson.type === 'QUIZ' ? { total_questions: 10, time_limit_minutes: 20 } : null,
          // A project's settings (instructions, rubric) are saved by seedDemoActivity through the project service.
          lesson.type === 'PROJECT' ? { total_questions: 1, time_limit_minutes: 10080, instructions_files_urls: [] } : null,
        ],
      );
    }
  }
  return row.id;
}
