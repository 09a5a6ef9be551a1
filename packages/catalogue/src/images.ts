/// <reference path="./assets.d.ts" />
import analog from '../assets/analog.svg?no-inline';
import certificate from '../assets/certificate.svg?no-inline';
import chip from '../assets/chip.svg?no-inline';
import cohort from '../assets/cohort.svg?no-inline';
import digital from '../assets/digital.svg?no-inline';
import failure from '../assets/failure.svg?no-inline';
import layout from '../assets/layout.svg?no-inline';
import packaging from '../assets/packaging.svg?no-inline';
import placeholder from '../assets/placeholder.svg?no-inline';
import processImage from '../assets/process.svg?no-inline';
import software from '../assets/software.svg?no-inline';
import testImage from '../assets/test.svg?no-inline';
import verification from '../assets/verification.svg?no-inline';
import type { CategorySlug, Course } from './schemas';

/**
 * Card illustrations. Each value is the URL of an SVG file the bundler emits (Vite resolves the
 * imports, in client and server builds alike), usable directly as an <img src>.
 */
export const images = {
  analog,
  certificate,
  chip,
  cohort,
  digital,
  failure,
  layout,
  packaging,
  placeholder,
  process: processImage,
  software,
  test: testImage,
  verification,
} as const;

export type ImageName = keyof typeof images;
export type ImageKind = 'course' | 'cohort' | 'certificate';

/** Shown while the real image loads or when it fails to load. */
export const placeholderImage: string = placeholder;

/** The image used when no keyword matches, per kind of card. */
export const defaultImages: Readonly<Record<ImageKind, string>> = {
  course: chip,
  cohort,
  certificate,
};

/**
 * Keyword rules, tried in order; the first rule with a matching pattern wins. Patterns match
 * at the start of a word, so 'test' matches "Testing" but not "latest", and 'process' does
 * not match "Processor".
 */
export const imageRules: readonly { readonly image: ImageName; readonly patterns: readonly RegExp[] }[] = [
  { image: 'failure', patterns: [/\bfailure/, /\bfault isolation/, /\bfib\b/, /\bdeprocess/, /\bemmi\b/] },
  {
    image: 'layout',
    patterns: [
      /\blayout/,
      /\bphysical/,
      /\bfloorplan/,
      /\bplacement/,
      /\brouting/,
      /\bclock tree/,
      /\btiming analysis/,
      /\bdrc\b/,
      /\blvs\b/,
      /\bgdsii?\b/,
    ],
  },
  { image: 'verification', patterns: [/\bverification/, /\buvm\b/, /\bcocotb/, /\bassertion/, /\bformal\b/, /\btestbench/, /\bcoverage/] },
  { image: 'software', patterns: [/\bsoftware/, /\bfirmware/, /\bpost-silicon/, /\bvalidation/, /\bautomation/] },
  { image: 'test', patterns: [/\btest/, /\bdft\b/, /\bscan\b/, /\batpg\b/, /\bbist\b/, /\bjtag\b/, /\bijtag\b/] },
  { image: 'packaging', patterns: [/\bpackag/, /\bassembly/, /\bthermal/, /\bwarpage/, /\bmechanical/, /\bosat\b/] },
  { image: 'analog', patterns: [/\banalog/, /\bmixed-signal/, /\bop-?amp/, /\bamplifier/] },
  {
    image: 'process',
    patterns: [
      /\bprocess(es)?\b/,
      /\bfab\b/,
      /\bfabrication/,
      /\bwafer/,
      /\blithograph/,
      /\bphotolithograph/,
      /\betch/,
      /\bdeposition/,
      /\bcmp\b/,
      /\byield/,
    ],
  },
  {
    image: 'digital',
    patterns: [
      /\bdigital/,
      /\blogic/,
      /\brtl\b/,
      /\bverilog/,
      /\bsystemverilog/,
      /\bfpga/,
      /\brisc-v/,
      /\bprocessor/,
      /\bsynthesis/,
      /\bsoc\b/,
      /\bclock domain/,
      /\blow-power/,
      /\bamba\b/,
    ],
  },
];

/** The image whose keywords the title contains, or undefined. */
export function matchImage(title: string): string | undefined {
  const text = title.toLowerCase();
  const rule = imageRules.find((candidate) => candidate.patterns.some((pattern) => pattern.test(text)));
  return rule ? images[rule.image] : undefined;
}

/** Picks a card image by keyword matching on a course, cohort or certificate title. */
export function imageFor(title: string | null | undefined, kind: ImageKind = 'course'): string {
  return (title ? matchImage(title) : undefined) ?? defaultImages[kind];
}

/** Image of each category, used when a course title has no keyword. */
export const categoryImages: Readonly<Record<CategorySlug, string>> = {
  beginner: chip,
  ld: digital,
  dv: verification,
  pd: layout,
  dft: testImage,
  md: packaging,
  st: software,
  pe: processImage,
  fa: failure,
};

/** The card image of a catalogue course: by title keyword, else by its category. */
export function courseImage(course: Pick<Course, 'title' | 'path'>): string {
  return matchImage(course.title) ?? categoryImages[course.path] ?? defaultImages.course;
}
