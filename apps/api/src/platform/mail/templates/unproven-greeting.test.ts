import { describe, expect, it } from 'vitest';
import { unprovenGreeting } from './unproven-greeting';

describe('unprovenGreeting', () => {
  it('greets by a first name of up to three words of letters, accents, hyphens and apostrophes', () => {
    expect(unprovenGreeting('Ina')).toBe('Hello Ina,');
    expect(unprovenGreeting('  Nur   Aisyah ')).toBe('Hello Nur Aisyah,');
    expect(unprovenGreeting('Siti Nur Hidayah')).toBe('Hello Siti Nur Hidayah,');
    expect(unprovenGreeting("Jean-Luc O'Neil")).toBe("Hello Jean-Luc O'Neil,");
    expect(unprovenGreeting('Thảo')).toBe('Hello Thảo,');
    expect(unprovenGreeting('伟杰')).toBe('Hello 伟杰,');
  });

  it('leaves out what does not read as a name: sentences, links, digits, symbols', () => {
    expect(unprovenGreeting('Your bank account is locked')).toBe('Hello,');
    expect(unprovenGreeting('Visit evil.example')).toBe('Hello,');
    expect(unprovenGreeting('https://evil.example')).toBe('Hello,');
    expect(unprovenGreeting('Call 0123456789')).toBe('Hello,');
    expect(unprovenGreeting('Win $500')).toBe('Hello,');
    expect(unprovenGreeting('-Ina')).toBe('Hello,');
    expect(unprovenGreeting('A'.repeat(41))).toBe('Hello,');
    expect(unprovenGreeting('')).toBe('Hello,');
  });
});
