import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import type { CertificateRules, ProjectSettings, Role } from '@school/contracts';
import type { DataSource } from 'typeorm';
import { mustOne, rows } from '../common/sql/db';
import type { AuthUser } from '../common/auth.decorators';
import { AllowanceService } from '../modules/allowance/allowance.service';
import { CertificatesService } from '../modules/certificates';
import { GradingAuthoringService } from '../modules/grading/grading-authoring.service';
import { GradingService } from '../modules/grading/grading.service';
import { ProjectHandInService } from '../modules/grading/project-hand-in.service';
import { LearningService } from '../modules/learning/learning.service';
import { QuizzesService } from '../modules/quizzes';
import { StorageService } from '../platform/storage/storage.service';
import { DEMO_EARLY_CERTIFICATE, seedDemoClasses, seedDemoVisits } from './seed-classes';

export const DEMO_TAKEN_QUIZ = 'Quiz: RTL building blocks';
export const DEMO_HANDED_IN_PROJECT = 'Project: a UART transmitter';

/** The hand-ins the demo students upload, committed beside the demo video. */
const HAND_INS = {
  'student@example.com': 'apps/api/src/startup/seed-assets/demo-uart-aisyah.zip',
  'student2@example.com': 'apps/api/src/startup/seed-assets/demo-uart-weijie.zip',
};

/**
 * The demo school's classes and learning, done through the product's own services (the code its
 * HTTP calls run) once the seed's accounts and courses exist, so every figure agrees with its source:
 * - the admin makes the classes, their grade items and certificates (seedDemoClasses);
 * - the admin saves each project's instructions and rubric (and keeps the rubric as a template);
 * - Aisyah completes the first video and reading, takes the first quiz (three of four right), and
 *   hands in the UART project, which Rajesh grades with the rubric and feedback (released with the
 *   item's results); Wei Jie hands in too and waits in the grading queue;
 * - the admin sets the certificates' rules, and the certificates earned under them are issued.
 */
export async function seedDemoActivity(
  app: INestApplicationContext,
  ds: DataSource,
  repoRoot: string,
  now: Date = new Date(),
): Promise<void> {
  const get = <T>(type: new (...args: never[]) => T) => app.get(type, { strict: false });
  const [quizzes, grading, authoring, handIns, learning, certificates, storage] = [
    get(QuizzesService),
    get(GradingService),
    get(GradingAuthoringService),
    get(ProjectHandInService),
    get(LearningService),
    get(CertificatesService),
    get(StorageService),
  ];
  const people = await rows<{ email: string; id: string; id_slug: string; role: Role }>(
    ds,
    `SELECT email, id, id_slug, role FROM users WHERE email = ANY($1::text[])`,
    [['admin@example.com', 'instructor@example.com', 'student@example.com', 'student2@example.com']],
  );
  const as = (email: string): AuthUser => {
    const p = people.find((u) => u.email === email)!;
    return { id: p.id, id_slug: p.id_slug, role: p.role };
  };
  const [admin, instructor, aisyah, weiJie] = [
    'admin@example.com',
    'instructor@example.com',
    'student@example.com',
    'student2@example.com',
  ].map(as);
  const cohortSlug = await seedDemoClasses(app, ds, { admin, instructor, aisyah, weiJie }, now);
  const cohort = await mustOne<{ id: string; id_slug: string }>(ds, `SELECT id, id_slug FROM cohorts WHERE id_slug = $1`, [cohortSlug]);
  const lessons = await rows<{ id_slug: string; title: string }>(
    ds,
    `SELECT l.id_slug, l.title FROM cohort_courses cc JOIN modules m ON m.course_id = cc.course_id JOIN lessons l ON l.module_id = m.id
      WHERE cc.cohort_id = $1 ORDER BY cc."order", m."order", l."order"`,
    [cohort.id],
  );
  const lesson = (title: string) => lessons.find((l) => l.title === title)!.id_slug;

  // The admin writes each project's instructions and rubric on the authoring screen.
  for (const [title, project] of Object.entries(DEMO_PROJECTS)) {
    const slug = (
      await mustOne<{ id_slug: string }>(ds, `SELECT id_slug FROM lessons WHERE title = $1 AND lesson_type = 'PROJECT'`, [title])
    ).id_slug;
    await authoring.updateProjectSettings(slug, project.settings);
    await authoring.createRubricTemplate(admin, { title: project.rubricTemplate, rubric: project.settings.rubric });
  }

  // Aisyah watched the first video and read the first reading of the Digital IC course.
  for (const title of lessons.slice(0, 2).map((l) => l.title)) {
    await learning.markLessonComplete(aisyah, cohort.id_slug, aisyah.id_slug, lesson(title));
  }
  await takeQuiz(ds, quizzes, aisyah, cohort.id_slug, lesson(DEMO_TAKEN_QUIZ));

  // Both students hand in the UART project; Rajesh grades Aisyah's against the rubric.
  const handIn = async (me: AuthUser, email: keyof typeof HAND_INS) => {
    const incoming = storage.incomingDirectory;
    await mkdir(incoming, { recursive: true, mode: 0o700 });
    const path = join(incoming, `${randomBytes(16).toString('hex')}.upload`);
    await copyFile(join(repoRoot, HAND_INS[email]), path);
    return handIns.handInFile(me, cohort.id_slug, lesson(DEMO_HANDED_IN_PROJECT), {
      path,
      size: (await stat(path)).size,
      originalname: 'uart_tx.zip',
      remove: () => rm(path, { force: true }),
    });
  };
  const handedIn = await handIn(aisyah, 'student@example.com');
  await handIn(weiJie, 'student2@example.com');
  await grading.grade(instructor, handedIn.submission!.id_slug, {
    rubric_scores: [
      { criterion_id: 'function', level_index: 2, comment: 'All four bytes go out as clean 8N1 frames, back to back.' },
      { criterion_id: 'testbench', level_index: 2, comment: 'Checks every bit mid-period against the byte sent and reports PASS.' },
      { criterion_id: 'code', level_index: 1, comment: '' },
      { criterion_id: 'readme', level_index: 0, comment: 'The waveform is drawn by hand: attach the simulator trace next time.' },
    ],
    user_grade: null,
    feedback: 'A solid transmitter. Replace the sketched frame in the README with a real waveform from the simulation.',
  });

  // The cleanroom induction is awarded a third of the way through the programme; the course
  // certificate keeps the defaults (every lesson, every mandatory item graded, 50% overall).
  const linked = await certificates.rules(cohort.id_slug);
  const early = linked.data.find((c) => c.certificate_title === DEMO_EARLY_CERTIFICATE)!;
  const rules: CertificateRules = { min_lessons_percent: 30, require_mandatory_graded: false, min_weighted_total: 0 };
  await certificates.updateRules(cohort.id_slug, early.certificate_id_slug, rules);
  await certificates.issueEarned(cohort.id);
  await seedDemoVisits(app, ds, { admin, instructor, aisyah, weiJie });

  // The admin (who holds the finance permission) keeps the programme's allowance: the demo class is its cohort.
  const allowance = get(AllowanceService);
  const programme = await allowance.createProgramme(admin, { title: DEMO_ALLOWANCE_PROGRAMME, monthly_amount: 2500 });
  await allowance.setCohortProgramme(admin, cohort.id_slug, programme.data.id_slug);
}

export const DEMO_ALLOWANCE_PROGRAMME = 'Semiconductor Talent Programme';

/** Aisyah's attempt at a quiz: start, answer (three of four right: the short answer names the wrong block), submit. */
async function takeQuiz(ds: DataSource, quizzes: QuizzesService, me: AuthUser, cohortSlug: string, lessonSlug: string) {
  const { session_id_slug } = await quizzes.start(me, cohortSlug, lessonSlug);
  const questions = await rows<{ id_slug: string; kind: string }>(
    ds,
    `SELECT q.id_slug, q.kind FROM quiz_sessions s CROSS JOIN LATERAL unnest(s.question_ids) AS qi(id)
       JOIN quiz_questions q ON q.id = qi.id WHERE s.id_slug = $1`,
    [session_id_slug],
  );
  const answers: Record<string, unknown> = { SINGLE_CHOICE: 'ff', TRUE_FALSE: true, NUMERIC: 4, SHORT_TEXT: 'demultiplexer' };
  await quizzes.saveAnswers(me, session_id_slug, {
    answers: questions.map((q) => ({ question_id_slug: q.id_slug, answer: (answers[q.kind] ?? null) as never })),
  });
  await quizzes.submit(me, session_id_slug);
}

const MB = 1024 * 1024;

/** The demo projects' settings by lesson title, as the authoring screen saves them, and their rubric template's name. */
export const DEMO_PROJECTS: Record<string, { settings: ProjectSettings; rubricTemplate: string }> = {
  [DEMO_HANDED_IN_PROJECT]: {
    rubricTemplate: 'UART transmitter project',
    settings: {
      instructions: [
        'Design a UART transmitter in synthesisable SystemVerilog: 8 data bits, no parity, 1 stop bit (8N1), 115200 baud from a 50 MHz clock.',
        '',
        'Interface: clk, rst_n, tx_data[7:0], tx_valid (held for one cycle to send a byte), tx_busy (high while a frame is on the line) and tx (idle high).',
        '',
        'Hand in one .zip of at most 10 MB holding:',
        '- rtl/uart_tx.sv: the transmitter, with its baud-rate counter as a parameter;',
        '- tb/uart_tx_tb.sv: a self-checking testbench that sends at least 0x00, 0xFF, 0x55 and 0xA5 back to back and checks every bit time on tx with a reference model;',
        '- README.md: how to run the simulation (Verilator or Icarus), and the waveform of one frame with start, data and stop bits marked.',
        '',
        'Your work is graded with the rubric below.',
      ].join('\n'),
      instructions_file_ids: [],
      accepted_types: ['.zip'],
      max_size_bytes: 10 * MB,
      rubric: [
        {
          id: 'function',
          title: 'Correct frames',
          levels: [
            { title: 'Missing: no frame is sent, or the design does not compile', points: 0 },
            { title: 'Partial: frames are sent but the bit time or the stop bit is wrong', points: 20 },
            { title: 'Complete: every frame is 8N1 at 115200 baud, back-to-back bytes included', points: 40 },
          ],
        },
        {
          id: 'testbench',
          title: 'Self-checking testbench',
          levels: [
            { title: 'Missing: no testbench, or one that only makes waveforms', points: 0 },
            { title: 'Partial: checks some bytes, or needs a person to read the result', points: 15 },
            { title: 'Complete: checks all four bytes against a model and reports pass or fail', points: 30 },
          ],
        },
        {
          id: 'code',
          title: 'Code quality',
          levels: [
            { title: 'Hard to follow: latches, magic numbers, no reset', points: 0 },
            { title: 'Clear: a parameterised baud counter, a named state machine and a synchronous reset', points: 15 },
          ],
        },
        {
          id: 'readme',
          title: 'README and waveform',
          levels: [
            { title: 'Missing', points: 0 },
            { title: 'Run steps and an annotated waveform of one frame', points: 15 },
          ],
        },
      ],
    },
  },
  'Project: design a common-source amplifier': {
    rubricTemplate: 'Amplifier design project',
    settings: {
      instructions: [
        'Design a common-source amplifier with a resistive load in the course 180 nm process: VDD = 1.8 V, at least 20 dB of small-signal gain, at most 200 uA from the supply, and a 1 pF load.',
        '',
        'Hand in one .zip of at most 5 MB holding:',
        '- your hand analysis (PDF or a photo of it): the bias point, gm, ro and the expected gain and -3 dB bandwidth;',
        '- the ngspice netlist (.cir) with its .op, .ac and .tran analyses;',
        '- the simulated gain and bandwidth beside your hand figures, with a sentence on any difference above 10%.',
        '',
        'Your work is graded with the rubric below.',
      ].join('\n'),
      instructions_file_ids: [],
      accepted_types: ['.zip'],
      max_size_bytes: 5 * MB,
      rubric: [
        {
          id: 'analysis',
          title: 'Hand analysis',
          levels: [
            { title: 'Missing or wrong bias point', points: 0 },
            { title: 'Bias point right, gain or bandwidth not derived', points: 20 },
            { title: 'Bias point, gm, ro, gain and bandwidth derived and explained', points: 40 },
          ],
        },
        {
          id: 'simulation',
          title: 'Simulation',
          levels: [
            { title: 'The netlist does not run', points: 0 },
            { title: 'Runs, but misses the gain or the power target', points: 15 },
            { title: 'Meets 20 dB at under 200 uA, with .op, .ac and .tran results', points: 40 },
          ],
        },
        {
          id: 'comparison',
          title: 'Hand against simulation',
          levels: [
            { title: 'No comparison', points: 0 },
            { title: 'Figures side by side, differences explained', points: 20 },
          ],
        },
      ],
    },
  },
};
