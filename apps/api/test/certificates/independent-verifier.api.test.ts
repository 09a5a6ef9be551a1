import { createHash, createPublicKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createSigner, createVerifier, type DecodedJwt, TokenError } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { linkNewCertificate } from '../fixtures/admin.fixtures';
import { buildCohort, buildCourse, enrolStudent } from '../fixtures/learning.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * An issued certificate checked as a third party would: with fast-jwt (a JWT library independent of
 * jose, which signs), the issuer's public key from /.well-known/jwks.json and the Bitstring Status
 * List credential at the credential's statusListCredential URL, and nothing else of the school's.
 */

const WEB_ORIGIN = 'http://site.example.test';
let t: TestApp;
let admin: TestUser;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ WEB_ORIGIN, DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
});
afterAll(async () => t?.close());

/** A cohort of one lesson with one certificate linked; `issue` gives a student the certificate by hand. */
async function setup() {
  n++;
  const course = await buildCourse(t, admin, {
    title: `Lithography course ${n}`,
    modules: [{ title: 'M1', lessons: [{ title: 'R1', type: 'READING' }] }],
  });
  const cohort = await buildCohort(t, admin, `Lithography cohort ${n}`, [course.id_slug]);
  const cert = await linkNewCertificate(t, admin, cohort.id_slug, `Lithography certificate ${n}`);
  const student = async (names: { first_name?: string; last_name?: string } = {}) => {
    const u = await createUser(t, names);
    await enrolStudent(t, admin, cohort.id_slug, u);
    return u;
  };
  const issue = async (u: TestUser) =>
    (
      await t.http
        .post(`/api/cohorts/admin/${cohort.id_slug}/certificates/${cert}/issue`)
        .set(bearer(admin))
        .send({ user_id_slug: u.id_slug, reason: 'Completed the course' })
        .expect(201)
    ).body.credential_id as string;
  const revoke = (credentialId: string) =>
    t.http.post(`/api/certificates/admin/credentials/${credentialId}/revoke`).set(bearer(admin)).send({ reason: 'Withdrawn' }).expect(200);
  const badge = async (credentialId: string) => (await t.http.get(`/api/certificates/credentials/${credentialId}/badge`).expect(200)).text;
  return { cohort, cert, student, issue, revoke, badge };
}

const types = (...required: string[]) =>
  z.array(z.string()).refine((given) => required.every((r) => given.includes(r)), `type must include ${required.join(', ')}`);
const uri = z.string().refine((v) => URL.canParse(v), 'a URI');
/**
 * The properties Open Badges 3.0 (and the VC Data Model 2.0 under it) require of an
 * OpenBadgeCredential, its issuer Profile, AchievementSubject (an id or an identifier), Achievement
 * and its BitstringStatusListEntry.
 */
const OpenBadgeCredential = z.object({
  '@context': z
    .array(z.string())
    .refine(
      (c) =>
        c[0] === 'https://www.w3.org/ns/credentials/v2' &&
        c.some((x) => /^https:\/\/purl\.imsglobal\.org\/spec\/ob\/v3p0\/context-3\.0\.\d+\.json$/.test(x)),
      'the VC 2.0 context first, then the OB 3.0 one',
    ),
  id: uri,
  type: types('VerifiableCredential', 'OpenBadgeCredential'),
  issuer: z.object({ id: uri, type: types('Profile'), name: z.string().min(1) }),
  validFrom: z.iso.datetime({ offset: true }),
  name: z.string().min(1),
  credentialSubject: z
    .object({
      id: uri.optional(),
      type: types('AchievementSubject'),
      identifier: z
        .array(
          z.object({
            type: z.literal('IdentityObject'),
            identityHash: z.string().regex(/^sha256\$[0-9a-f]{64}$/),
            identityType: z.string(),
            hashed: z.literal(true),
            salt: z.string().optional(),
          }),
        )
        .optional(),
      achievement: z.object({
        id: uri,
        type: types('Achievement'),
        name: z.string().min(1),
        description: z.string().min(1),
        criteria: z.object({ narrative: z.string().min(1) }),
      }),
    })
    .refine((s) => s.id || s.identifier?.length, 'the subject needs an id or an identifier'),
  credentialStatus: z.object({
    id: uri,
    type: z.literal('BitstringStatusListEntry'),
    statusPurpose: z.literal('revocation'),
    statusListIndex: z.string().regex(/^\d+$/),
    statusListCredential: uri,
  }),
});
type Vc = z.infer<typeof OpenBadgeCredential>;

/** The W3C Bitstring Status List's smallest list (16 KB), so that one holder's bit tells nothing of others. */
const MIN_STATUS_LIST_BITS = 131_072;

/**
 * The bit at `index` of an encodedList: multibase base64url ('u' prefix), GZIP-compressed, index 0
 * the left-most (most significant) bit of the first byte (W3C Bitstring Status List).
 */
function statusBit(encodedList: string, index: number): 0 | 1 {
  if (encodedList[0] !== 'u') throw new Error('encodedList is not multibase base64url');
  const bits = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  if (bits.length * 8 < MIN_STATUS_LIST_BITS) throw new Error(`the list holds ${bits.length * 8} entries, under the minimum`);
  if (!Number.isInteger(index) || index < 0 || index >= bits.length * 8) throw new RangeError(`statusListIndex ${index} out of range`);
  return ((bits[index >> 3] >> (7 - (index & 7))) & 1) as 0 | 1;
}

const BAD_SIGNATURE: string[] = [TokenError.codes.invalidSignature, TokenError.codes.missingSignature];

/**
 * What a third party does with a VC-JWT: fetches the issuer's published keys, checks the signature
 * (fast-jwt, EdDSA only, typ vc+jwt, not before its validity), the Open Badges 3.0 shape, then
 * fetches the status list credential named in it, checks that one's signature and issuer too, and
 * reads the credential's bit.
 */
async function thirdPartyCheck(vcJwt: string): Promise<'valid' | 'revoked' | 'bad signature'> {
  const jwks = (await t.http.get('/.well-known/jwks.json').expect(200)).body as { keys: (JsonWebKey & { kid: string })[] };
  const verify = createVerifier({
    algorithms: ['EdDSA'],
    checkTyp: 'vc+jwt',
    // The issuer the third party trusts (the JWT's iss is the VC's issuer id).
    allowedIss: `${WEB_ORIGIN}/`,
    requiredClaims: ['iss'],
    key: async ({ header }: DecodedJwt) => {
      const jwk = jwks.keys.find((k) => k.kid === header.kid);
      if (!jwk) throw new Error(`no published key ${header.kid}`);
      return createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
    },
  });
  let vc: Vc;
  try {
    vc = await verify(vcJwt);
  } catch (e) {
    // Only a signature that is not the published key's: any other failure is this test's to report.
    if (e instanceof TokenError && BAD_SIGNATURE.includes(e.code)) return 'bad signature';
    throw e;
  }
  expect(OpenBadgeCredential.safeParse(vc).error).toBeUndefined();
  expect((vc as Vc & { iss: string }).iss).toBe(vc.issuer.id);

  const status = vc.credentialStatus;
  const listUrl = new URL(status.statusListCredential);
  const listJwt = (await t.http.get(listUrl.pathname).expect(200)).text;
  const list = (await verify(listJwt)) as {
    id: string;
    type: string[];
    issuer: string | { id: string };
    credentialSubject: { type: string; statusPurpose: string; encodedList: string };
  };
  expect(list.id).toBe(status.statusListCredential);
  expect(list.type).toEqual(expect.arrayContaining(['VerifiableCredential', 'BitstringStatusListCredential']));
  expect(typeof list.issuer === 'string' ? list.issuer : list.issuer.id).toBe(vc.issuer.id);
  expect(list.credentialSubject.type).toBe('BitstringStatusList');
  expect(list.credentialSubject.statusPurpose).toBe(status.statusPurpose);
  return statusBit(list.credentialSubject.encodedList, Number(status.statusListIndex)) ? 'revoked' : 'valid';
}

const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Vc;

describe('the status list decoding', () => {
  it('reads index 0 as the left-most bit of the first byte', () => {
    const bits = Buffer.alloc(MIN_STATUS_LIST_BITS / 8);
    bits[0] = 0b1000_0000;
    bits[1] = 0b0000_0001;
    const encoded = `u${gzipSync(bits).toString('base64url')}`;
    expect([0, 1, 7, 8, 15, 16].map((i) => statusBit(encoded, i))).toEqual([1, 0, 0, 0, 1, 0]);
    expect(() => statusBit(encoded, MIN_STATUS_LIST_BITS)).toThrow(RangeError);
    expect(() => statusBit(`u${gzipSync(Buffer.alloc(16)).toString('base64url')}`, 0)).toThrow(/under the minimum/);
  });
});

describe('an independent verifier', () => {
  it('accepts an issued credential with only the published key and status list, rejects a tampered one, and sees a revoked one fail', async () => {
    const s = await setup();
    const u = await s.student({ first_name: 'Meiling', last_name: 'Lin' });
    const credential = await s.issue(u);
    // The holder downloads it as JSON from the Certifications tab: the enveloped form, the VC-JWT inside.
    const doc = await t.http
      .get(`/api/cohorts/${s.cohort.id_slug}/certificates/${s.cert}/user/${u.id_slug}/document`)
      .set(bearer(u))
      .expect(200);
    expect(doc.body.badge_url).toBe(`/api/certificates/credentials/${credential}/open-badge.json`);
    const file = await t.http.get(doc.body.badge_url).expect(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="open-badge.json"');
    expect(file.body).toMatchObject({ '@context': 'https://www.w3.org/ns/credentials/v2', type: 'EnvelopedVerifiableCredential' });
    const vcJwt = (file.body.id as string).replace(/^data:application\/vc\+jwt,/, '');
    expect(vcJwt).toBe((await s.badge(credential)).trim());

    // The Open Badges 3.0 fields a verifier requires, read without the signing library.
    const vc = payloadOf(vcJwt);
    expect(OpenBadgeCredential.safeParse(vc).error).toBeUndefined();
    expect(vc['@context']).toEqual(
      expect.arrayContaining(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']),
    );
    expect(vc.type).toEqual(expect.arrayContaining(['VerifiableCredential', 'OpenBadgeCredential']));
    expect(vc.issuer.id).toBe(`${WEB_ORIGIN}/`);
    expect(vc.id).toBe(`${WEB_ORIGIN}/verify/${credential}`);
    expect(vc.credentialSubject.achievement).toMatchObject({ type: ['Achievement'], name: `Lithography certificate ${n}` });
    expect(Date.parse(vc.validFrom)).not.toBeNaN();
    expect(vc.credentialStatus).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    // Given the holder's email, anyone can match it against the hashed identity (sha256 of the email and the salt).
    const [identity] = vc.credentialSubject.identifier!;
    expect(identity.identityHash).toBe(`sha256$${createHash('sha256').update(`${u.email}${identity.salt}`).digest('hex')}`);
    expect(JSON.stringify(vc)).not.toContain(u.email);

    expect(await thirdPartyCheck(vcJwt)).toBe('valid');
    // A holder who edits the name breaks the signature.
    const [header, , signature] = vcJwt.split('.');
    const forged = { ...vc, credentialSubject: { ...vc.credentialSubject, name: 'Someone Else' } };
    expect(await thirdPartyCheck([header, Buffer.from(JSON.stringify(forged)).toString('base64url'), signature].join('.'))).toBe(
      'bad signature',
    );

    await s.revoke(credential);
    expect(await thirdPartyCheck(vcJwt)).toBe('revoked');
    // The credential itself is unchanged: only the published status list tells it is revoked.
    expect(await s.badge(credential)).toBe(vcJwt);
  });

  it('rejects a credential signed with another key under the school key id, and an unsigned one', async () => {
    const s = await setup();
    const vcJwt = await s.badge(await s.issue(await s.student()));
    const { kid } = JSON.parse(Buffer.from(vcJwt.split('.')[0], 'base64url').toString()) as { kid: string };
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const sign = createSigner({
      algorithm: 'EdDSA',
      key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      kid,
      header: { alg: 'EdDSA', typ: 'vc+jwt' },
    });
    const { iat: _iat, nbf: _nbf, ...claims } = payloadOf(vcJwt) as Vc & { iat: number; nbf: number };
    const forged = sign(claims) as string;
    // A well-formed credential (its own key verifies it), but not under the key the school publishes.
    const forgersKey = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(createVerifier({ algorithms: ['EdDSA'], key: forgersKey })(forged)).toMatchObject({ id: claims.id });
    expect(await thirdPartyCheck(forged)).toBe('bad signature');
    const unsigned = [Buffer.from(JSON.stringify({ alg: 'none', typ: 'vc+jwt', kid })).toString('base64url'), vcJwt.split('.')[1], ''].join(
      '.',
    );
    expect(await thirdPartyCheck(unsigned)).toBe('bad signature');
    expect(await thirdPartyCheck(vcJwt)).toBe('valid');
  });

  it('keeps a revoked credential failing after the certificate is reissued, and passes the new one', async () => {
    const s = await setup();
    const u = await s.student();
    const first = await s.issue(u);
    const firstJwt = await s.badge(first);
    await s.revoke(first);
    const second = await s.issue(u);
    expect(second).not.toBe(first);
    const secondJwt = await s.badge(second);
    expect(payloadOf(secondJwt).credentialStatus.statusListIndex).not.toBe(payloadOf(firstJwt).credentialStatus.statusListIndex);
    expect(await thirdPartyCheck(firstJwt)).toBe('revoked');
    expect(await thirdPartyCheck(secondJwt)).toBe('valid');
  });

  it('sees a credential fail once its certificate is deleted with the student removed from the cohort, or the account deleted', async () => {
    const s = await setup();
    const [removed, deleted, kept] = [await s.student(), await s.student(), await s.student()];
    const [removedJwt, deletedJwt, keptJwt] = [
      await s.badge(await s.issue(removed)),
      await s.badge(await s.issue(deleted)),
      await s.badge(await s.issue(kept)),
    ];
    for (const jwt of [removedJwt, deletedJwt, keptJwt]) expect(await thirdPartyCheck(jwt)).toBe('valid');

    await t.http
      .delete(`/api/cohorts/admin/${s.cohort.id_slug}/remove-student`)
      .set(bearer(admin))
      .send({ user_id_slug: removed.id_slug })
      .expect(200);
    await t.http.delete(`/api/auth/admin/users/${deleted.id_slug}`).set(bearer(admin)).expect(200);
    // The school no longer knows these credentials; the badges their holders kept no longer pass.
    for (const jwt of [removedJwt, deletedJwt]) {
      await t.http.get(`/api/certificates/verify/${payloadOf(jwt).id.split('/').pop()}`).expect(404);
      expect(await thirdPartyCheck(jwt)).toBe('revoked');
    }
    expect(await thirdPartyCheck(keptJwt)).toBe('valid');
  });
});
