/**
 * The Ed25519 keys that sign certificates (node:crypto). They live in the
 * database, so every app server signs with the same key and none holds
 * anything the others do not; the newest unretired key signs, and every key
 * ever used stays published (`/.well-known/certificates-key.json`), so a
 * rotation never breaks a certificate issued before it. The private keys
 * are stored encrypted (PKCS #8, AES-256) under a passphrase derived from
 * AUTH_SECRET, which every server already shares and the database does not
 * hold: a copy of the database alone cannot sign a certificate.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { calculateJwkThumbprint } from 'jose';
import { requireAuthSecret } from '~/lib/server/config';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { certificateKeys } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';

/** A signing key, ready to sign. */
export interface SigningKey {
  id: string;
  /** The public key's `x` (base64url). */
  x: string;
  privateKey: KeyObject;
}

/** A published key, as a JWK (RFC 8037). */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/** The passphrase the private keys are stored under (derived from AUTH_SECRET; never stored). */
const passphraseOf = (secret: string): string => Buffer.from(hkdfSync('sha256', secret, 'senda', 'senda certificate signing keys v1', 32)).toString('base64url');

/** A stored private key as a key object: encrypted ones with the passphrase; null when it cannot be read (AUTH_SECRET changed since). */
function readPrivateKey(pem: string): KeyObject | null {
  try {
    return createPrivateKey(pem.includes('ENCRYPTED') ? { key: pem, passphrase: passphraseOf(requireAuthSecret()) } : pem);
  } catch {
    return null;
  }
}

/** Creates a key pair and stores it, its private half encrypted; its id is the public key's JWK thumbprint (RFC 7638). */
async function createKey(db: DbOrTx): Promise<SigningKey> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x!;
  const id = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x });
  const stored = privateKey.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: passphraseOf(requireAuthSecret()) }).toString();
  await db.insert(certificateKeys).values({ id, publicKey: x, privateKey: stored });
  return { id, x, privateKey };
}

/**
 * The key that signs now: the newest unretired one, created on first use. A
 * key that can no longer be read (AUTH_SECRET was replaced) is retired and a
 * new one made: what it signed still verifies with its published public key.
 */
export async function getSigningKey(db: DbOrTx): Promise<SigningKey> {
  const [row] = await db
    .select({ id: certificateKeys.id, x: certificateKeys.publicKey, privateKey: certificateKeys.privateKey })
    .from(certificateKeys)
    .where(isNull(certificateKeys.retiredAt))
    .orderBy(desc(certificateKeys.createdAt), desc(certificateKeys.id))
    .limit(1);
  if (!row) return createKey(db);
  const privateKey = readPrivateKey(row.privateKey);
  if (privateKey) return { id: row.id, x: row.x, privateKey };
  log.warn({ event: 'certificate_key_unreadable', keyId: row.id }, 'the certificate signing key cannot be decrypted with this AUTH_SECRET: retired, a new one signs from now on');
  await db.update(certificateKeys).set({ retiredAt: new Date() }).where(and(eq(certificateKeys.id, row.id), isNull(certificateKeys.retiredAt)));
  return createKey(db);
}

/**
 * The key that signed a certificate, to sign something more about it (its
 * Open Badge); the current signing key when that one can no longer be read
 * (AUTH_SECRET replaced). Null when the key is unknown.
 */
export async function getKeyForSigning(db: DbOrTx, keyId: string): Promise<SigningKey | null> {
  const [row] = await db.select({ id: certificateKeys.id, x: certificateKeys.publicKey, privateKey: certificateKeys.privateKey }).from(certificateKeys).where(eq(certificateKeys.id, keyId));
  if (!row) return null;
  const privateKey = readPrivateKey(row.privateKey);
  return privateKey ? { id: row.id, x: row.x, privateKey } : getSigningKey(db);
}

/** Retires the signing key and creates the next one (old keys stay published so what they signed still verifies); answers the new key's id. */
export async function rotateSigningKey(db: DbOrTx, now = new Date()): Promise<string> {
  await db.update(certificateKeys).set({ retiredAt: now }).where(isNull(certificateKeys.retiredAt));
  return (await createKey(db)).id;
}

/** The published JWK of a key. */
export const publicJwkOf = (key: { id: string; x: string }): PublicJwk => ({ kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.id, alg: 'EdDSA', use: 'sig' });

/** Every key ever used, newest first, as a JWK set (what the well-known document publishes). */
export async function listPublicKeys(db: DbOrTx): Promise<{ keys: PublicJwk[] }> {
  const rows = await db.select({ id: certificateKeys.id, x: certificateKeys.publicKey }).from(certificateKeys).orderBy(desc(certificateKeys.createdAt));
  return { keys: rows.map(publicJwkOf) };
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** A compact JWS (RFC 7515, `alg: EdDSA`, the key's `kid`) over a JSON payload, with any further header members. */
export function signCompact(key: SigningKey, payload: object, header: Record<string, unknown> = { typ: 'JWT' }): string {
  const input = `${base64url(JSON.stringify({ alg: 'EdDSA', kid: key.id, ...header }))}.${base64url(JSON.stringify(payload))}`;
  return `${input}.${base64url(sign(null, Buffer.from(input), key.privateKey))}`;
}

/** The payload of a compact JWS when its signature holds under the stored key it names; null otherwise (unknown key, bad signature, malformed). */
export async function verifyCompact(db: DbOrTx, jws: string): Promise<Record<string, unknown> | null> {
  const [header, payload, signature] = jws.split('.');
  if (!header || !payload || !signature) return null;
  try {
    const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { kid?: string; alg?: string };
    if (alg !== 'EdDSA' || typeof kid !== 'string') return null;
    const [row] = await db.select({ x: certificateKeys.publicKey }).from(certificateKeys).where(eq(certificateKeys.id, kid));
    if (!row) return null;
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: row.x }, format: 'jwk' });
    if (!verify(null, Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))) return null;
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The published JWK set, from the process-wide database. */
export async function getPublishedKeys(): Promise<{ keys: PublicJwk[] }> {
  return listPublicKeys(await getDb());
}
