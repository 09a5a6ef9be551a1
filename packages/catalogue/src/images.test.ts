import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { categories } from './categories';
import { courses } from './courses';
import { courseImage, defaultImages, imageFor, images, placeholderImage, type ImageName } from './images';

const assetPath = (name: string) => fileURLToPath(new URL(`../assets/${name}.svg`, import.meta.url));

describe('image assets', () => {
  it('has a small SVG file for every image', () => {
    for (const name of Object.keys(images)) {
      const file = assetPath(name);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size, name).toBeLessThan(8 * 1024);
      const svg = readFileSync(file, 'utf8');
      expect(svg, name).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 640 400"/);
      expect(svg.trimEnd().endsWith('</svg>'), name).toBe(true);
    }
  });

  it('resolves each image to a distinct URL of its own file', () => {
    const urls = Object.values(images);
    expect(new Set(urls).size).toBe(urls.length);
    for (const [name, url] of Object.entries(images)) {
      expect(url, name).not.toMatch(/^data:/);
      expect(url, name).toMatch(new RegExp(`/${name}(-[\\w-]+)?\\.svg(\\?|$)`));
    }
  });
});

describe('imageFor', () => {
  const cases: [string, ImageName][] = [
    ['UVM Verification Bootcamp', 'verification'],
    ['Analog Layout Cohort 3', 'layout'],
    ['Analog Design Cohort 2025', 'analog'],
    ['Advanced Packaging Intake', 'packaging'],
    ['Reliability Testing Basics', 'test'],
    ['Process Engineering September', 'process'],
    ['Failure Analysis Masterclass', 'failure'],
    ['Digital Design Cohort 1', 'digital'],
    ['Software Testing Fundamentals', 'software'],
    ['Package Failure Analysis and Reliability Testing', 'failure'],
    ['Physical Verification: DRC, LVS and Sign-off', 'layout'],
    ['Designing a RISC-V Processor Core', 'digital'],
  ];

  it.each(cases)('picks the image for "%s" by keyword', (title, image) => {
    expect(imageFor(title, 'cohort')).toBe(images[image]);
  });

  it('matches keywords at the start of words, ignoring case', () => {
    expect(imageFor('DIGITAL LOGIC')).toBe(images.digital);
    expect(imageFor('The latest contest')).toBe(defaultImages.course);
  });

  it('falls back to the default image of each kind', () => {
    expect(imageFor('Welcome Week', 'course')).toBe(images.chip);
    expect(imageFor('Welcome Week', 'cohort')).toBe(images.cohort);
    expect(imageFor('Welcome Week', 'certificate')).toBe(images.certificate);
    expect(imageFor(undefined, 'certificate')).toBe(images.certificate);
    expect(imageFor('')).toBe(images.chip);
  });

  it('keeps the placeholder apart from the real images', () => {
    expect(placeholderImage).toBe(images.placeholder);
    expect(Object.values(defaultImages)).not.toContain(placeholderImage);
  });
});

describe('courseImage', () => {
  it('gives every specialist course an image of its topic rather than the default', () => {
    for (const course of courses) {
      if (course.path === 'beginner') continue;
      expect(courseImage(course), course.id).not.toBe(defaultImages.course);
    }
  });

  it('falls back to the category image when the title has no keyword', () => {
    expect(courseImage({ title: 'Welcome Week', path: 'fa' })).toBe(images.failure);
    expect(courseImage({ title: 'Welcome Week', path: 'beginner' })).toBe(images.chip);
    expect(categories).toHaveLength(9);
  });

  it('uses the title keyword before the category', () => {
    expect(courseImage({ title: 'Assembly and Packaging Process Engineering', path: 'pe' })).toBe(images.packaging);
  });
});
