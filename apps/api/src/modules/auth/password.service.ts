import { Injectable } from '@nestjs/common';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// argon2id with the OWASP-recommended minimum cost.
// (Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.)
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The most common leaked passwords (ordered by frequency), compared case-insensitively. */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()));

/** Hashes a password the one way this platform does (also used by the seed and the create-user command). */
export const hashPassword = (password: string) => hash(password, ARGON2);

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';

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

  isCommon(password: string): boolean {
    return COMMON_PASSWORDS.has(password.toLowerCase());
  }
}
