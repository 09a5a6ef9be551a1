/** A word of a name: letters (with their accents), joined inside by a hyphen or an apostrophe. */
const NAME_WORD = /^\p{L}[\p{L}\p{M}]*(?:['’-][\p{L}\p{M}]+)*$/u;
const MAX_WORDS = 3;
const MAX_LENGTH = 40;

/**
 * The greeting of a mail to an address nobody has proven yet (the confirmation sent on
 * registration). Anyone can register any address with any first name, so the name is used only
 * when it reads as a name (at most three words of letters): 'Hello Nur Aisyah,'. Anything else
 * (a sentence, a link, digits) is left out, 'Hello,', so the mail never carries a stranger's message.
 */
export function unprovenGreeting(firstName: string): string {
  const name = firstName.trim().replace(/\s+/g, ' ');
  const words = name.split(' ');
  const nameLike = name.length > 0 && name.length <= MAX_LENGTH && words.length <= MAX_WORDS && words.every((w) => NAME_WORD.test(w));
  return nameLike ? `Hello ${name},` : 'Hello,';
}
