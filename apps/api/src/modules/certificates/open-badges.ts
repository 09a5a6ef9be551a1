import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { EnvelopedCredential } from '@school/contracts';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { CREDENTIAL_NOT_FOUND } from './certificates.service';
import { badgeDetails, revokedStatusIndexes, saveSigningKey, signingKeyRow } from './certificates.queries';

/** Entries of a status list: at least 131,072 (16 KB), so that one credential's bit says little about others (W3C Bitstring Status List). */
export const STATUS_LIST_MIN_ENTRIES = 131_072;
const ALG = 'EdDSA';
const OB_CONTEXT = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];

/**
 * The bitstring of a status list: bit i (0 = the leftmost bit of the first byte) set for each index
 * given, GZIP-compressed and multibase base64url-encoded ('u' prefix), as encodedList carries it.
 */
export function encodeStatusList(setIndexes: readonly number[], minEntries = STATUS_LIST_MIN_ENTRIES): string {
  const entries = Math.max(minEntries, Math.ceil((Math.max(-1, ...setIndexes) + 1) / minEntries) * minEntries);
  const bits = Buffer.alloc(entries / 8);
  for (const i of setIndexes) bits[i >> 3] |= 0x80 >> (i & 7);
  return `u${gzipSync(bits).toString('base64url')}`;
}

/** An Open Badges hashed identity: 'sha256$' and the hex SHA-256 of the (lower-cased) value followed by the salt. */
export function hashedIdentity(value: string, salt: string): string {
  return `sha256$${createHash('sha256')
    .update(value.trim().toLowerCase() + salt)
    .digest('hex')}`;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * Open Badges 3.0: each issued credential as an OpenBadgeCredential signed as a VC-JWT with the
 * school's Ed25519 key, whose public half is a JWK Set (also at /.well-known/jwks.json), and
 * revocation through a Bitstring Status List credential. The key is made once, on first use,
 * and shared by every replica (one row; a second replica making one at the same time keeps the first).
 */
@Injectable()
export class OpenBadgesService {
  private key?: Promise<SigningKey>;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private get siteOrigin(): string {
    return (this.config.WEB_ORIGIN ?? this.config.publicUrl).replace(/\/+$/, '');
  }

  private get statusListUrl(): string {
    return `${this.config.publicUrl}/api/certificates/status/revocation`;
  }

  private signingKey(): Promise<SigningKey> {
    this.key ??= this.loadKey().catch((e: unknown) => {
      this.key = undefined;
      throw e;
    });
    return this.key;
  }

  private async loadKey(): Promise<SigningKey> {
    let row = await signingKeyRow(this.db);
    if (!row) {
      const pair = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
      const publicJwk = await exportJWK(pair.publicKey);
      await saveSigningKey(this.db, await calculateJwkThumbprint(publicJwk), publicJwk, await exportJWK(pair.privateKey));
      row = (await signingKeyRow(this.db))!;
    }
    return {
      kid: row.kid,
      privateKey: (await importJWK(row.private_jwk, ALG)) as CryptoKey,
      publicJwk: row.public_jwk,
    };
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    const { kid, publicJwk } = await this.signingKey();
    return { keys: [{ ...publicJwk, kid, alg: ALG, use: 'sig' }] };
  }

  /** The same credential in the VC 2.0 enveloped JSON form, for a file the holder keeps. */
  async envelopedBadge(credentialId: string): Promise<EnvelopedCredential> {
    const jwt = await this.badge(credentialId);
    return {
      '@context': 'https://www.w3.org/ns/credentials/v2',
      type: 'EnvelopedVerifiableCredential',
      id: `data:application/vc+jwt,${jwt}`,
    };
  }

  /**
   * Signs claims as a VC-JWT issued, and valid from, `validFrom`: the same claims always give the
   * same token (Ed25519 signatures are deterministic), so a credential fetched twice is one file.
   */
  private async sign(claims: Record<string, unknown> & { validFrom: string }): Promise<string> {
    const { kid, privateKey } = await this.signingKey();
    const at = Math.floor(Date.parse(claims.validFrom) / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, kid, typ: 'vc+jwt', cty: 'vc' })
      .setIssuedAt(at)
      .setNotBefore(at)
      .sign(privateKey);
  }

  /** Signs a document's claims (an allowance statement) as a JWT with the school's key, verifiable with its JWK Set. */
  async signDocument(claims: Record<string, unknown>): Promise<string> {
    const { kid, privateKey } = await this.signingKey();
    return new SignJWT(claims).setProtectedHeader({ alg: ALG, kid, typ: 'JWT' }).sign(privateKey);
  }

  /** The credential as an OpenBadgeCredential VC-JWT (revoked ones too: the status list says so). */
  async badge(credentialId: string): Promise<string> {
    const d = await badgeDetails(this.db, credentialId);
    if (!d) throw new NotFoundException(CREDENTIAL_NOT_FOUND);
    const issuer = { id: `${this.siteOrigin}/`, type: ['Profile'], name: d.issuer.join(' & ') };
    const id = `${this.siteOrigin}/verify/${d.credential_id}`;
    return this.sign({
      '@context': OB_CONTEXT,
      id,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer,
      validFrom: d.issued_at,
      name: d.certificate_title,
      credentialSubject: {
        type: ['AchievementSubject'],
        // Open Badges 3.0 asks for an id or an identifier of the recipient: their email, salted and
        // hashed, so that whoever is given the address can match it and nobody can read it.
        identifier: [
          {
            type: 'IdentityObject',
            identityType: 'emailAddress',
            hashed: true,
            identityHash: hashedIdentity(d.email, d.credential_id),
            salt: d.credential_id,
          },
        ],
        name: d.holder_name,
        achievement: {
          id: `${this.siteOrigin}/achievements/${d.certificate_id_slug}`,
          type: ['Achievement'],
          name: d.certificate_title,
          description: `Awarded for completing ${d.cohort_title}.`,
          criteria: { narrative: "Completed the lessons and the graded work that the certificate's completion rules require." },
        },
      },
      credentialStatus: {
        id: `${this.statusListUrl}#${d.status_index}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: String(d.status_index),
        statusListCredential: this.statusListUrl,
      },
      iss: issuer.id,
      jti: id,
    });
  }

  /** The revocation status list: a BitstringStatusListCredential VC-JWT with a bit set per revoked credential. */
  async statusList(): Promise<string> {
    const revoked = await revokedStatusIndexes(this.db);
    return this.sign({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: this.statusListUrl,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: `${this.siteOrigin}/`,
      validFrom: new Date().toISOString(),
      credentialSubject: {
        id: `${this.statusListUrl}#list`,
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList: encodeStatusList(revoked),
      },
      iss: `${this.siteOrigin}/`,
    });
  }
}
