import { describe, expect, it } from 'vitest';
import { splitFullName } from './name-split';

const split = (name: string) => {
  const s = splitFullName(name);
  return [s.first_name, s.last_name, s.rule];
};

describe('splitFullName', () => {
  it('keeps a Malay patronymic together as the last name', () => {
    expect(split('Nur Aisyah binti Ahmad')).toEqual(['Nur Aisyah', 'binti Ahmad', 'patronymic']);
    expect(split('Muhammad Hafiz bin Abdul Rahman')).toEqual(['Muhammad Hafiz', 'bin Abdul Rahman', 'patronymic']);
    expect(split('Siti Nurhaliza Bt. Tarudin')).toEqual(['Siti Nurhaliza', 'Bt. Tarudin', 'patronymic']);
    expect(split('Farah BINTI Hassan')).toEqual(['Farah', 'BINTI Hassan', 'patronymic']);
  });

  it('keeps Indian Malaysian and Sarawakian patronymics together', () => {
    expect(split('Muthu a/l Rajan')).toEqual(['Muthu', 'a/l Rajan', 'patronymic']);
    expect(split('Kavitha A/P Subramaniam')).toEqual(['Kavitha', 'A/P Subramaniam', 'patronymic']);
    expect(split('Jenny anak Jalong')).toEqual(['Jenny', 'anak Jalong', 'patronymic']);
  });

  it('takes a Chinese family name written first as the last name', () => {
    expect(split('Tan Mei Ling')).toEqual(['Mei Ling', 'Tan', 'family name first']);
    expect(split('Lim Guan Eng')).toEqual(['Guan Eng', 'Lim', 'family name first']);
    expect(split('NG Wei')).toEqual(['Wei', 'NG', 'family name first']);
    expect(split('Jason Tan Wei Ming')).toEqual(['Jason', 'Tan Wei Ming', 'family name first']);
    // Wan is a Malay hereditary title, not taken as a family name.
    expect(split('Wan Azizah Wan Ismail')).toEqual(['Wan Azizah Wan', 'Ismail', 'last word']);
  });

  it('otherwise takes the last word as the last name', () => {
    expect(split('Priya Devi Ramasamy')).toEqual(['Priya Devi', 'Ramasamy', 'last word']);
    expect(split('John Smith')).toEqual(['John', 'Smith', 'last word']);
  });

  it('does not treat a name part that only looks like a connector at the ends as one', () => {
    expect(split('Bin Ahmad')).toEqual(['Bin', 'Ahmad', 'last word']);
    expect(split('Ahmad Anak')).toEqual(['Ahmad', 'Anak', 'last word']);
  });

  it('keeps a single name as the first name and collapses spaces', () => {
    expect(split('  Suhaimi ')).toEqual(['Suhaimi', '', 'single name']);
    expect(split('Nur   Aisyah \t binti  Ahmad')).toEqual(['Nur Aisyah', 'binti Ahmad', 'patronymic']);
    expect(split('   ')).toEqual(['', '', 'empty']);
  });
});
