import { Injectable } from '@nestjs/common';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH } from '@school/contracts';

// argon2id with the OWASP-recommended minimum cost.
// (Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.)
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Scores below this (0-4) are refused: 3 is "safely unguessable" against an online attack that is throttled. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn-ts with the common-language dictionaries (leaked passwords, names, words, keyboard
 * patterns). Without the Levenshtein matcher, which multiplies the cost of a check by nine and
 * does not change the verdict on common passwords. Server-side only: its dictionaries are large.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...dictionary },
  graphs: adjacencyGraphs,
  useLevenshteinDistance: false,
  maxLength: PASSWORD_MAX_LENGTH,
});

/** Hashes a password the one way this platform does (also used by the seed and the create-user command). */
export const hashPassword = (password: string) => hash(password, ARGON2);

export const WEAK_PASSWORD_MESSAGE = 'This password is too easy to guess. Please choose a less common one.';

@Injectable()
export class PasswordService {
  /** Verified against when the account does not exist, so both failures cost the same time. */
  private readonly dummyHash = hash('dummy-password-for-timing', ARGON2);

  hash(password: string): Promise<string> {
    return hashPassword(password);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }

  /**
   * True for a password zxcvbn-ts scores below 3: a common or leaked one, a word with the usual
   * substitutions and suffixes, a keyboard walk, or one built from the account's own email or names.
   */
  isWeak(password: string, userInputs: string[] = []): boolean {
    const inputs = userInputs.flatMap((s) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((s) => s.length >= 3);
    return zxcvbn.check(password, inputs).score < MIN_PASSWORD_SCORE;
  }
}
