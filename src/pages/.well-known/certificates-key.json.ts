import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getPublishedKeys } from '~/lib/server/services/certificates/signing-keys';

const PublicKeySetSchema = z
  .object({ keys: z.array(z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string(), kid: z.string(), alg: z.literal('EdDSA'), use: z.literal('sig') })) })
  .meta({ id: 'CertificatePublicKeys' });

export const GET = defineEndpoint({
  method: 'GET',
  path: '/.well-known/certificates-key.json',
  summary: "Senda's public keys for certificates (a JWK set, Ed25519): every key ever used, so a certificate's QR or badge is checked offline even after a rotation",
  tags: ['certificates'],
  access: 'public',
  maintenance: 'exempt',
  success: { status: 200, description: 'The JWK set', schema: PublicKeySetSchema },
  errors: [],
  handle: async () => ({ body: await getPublishedKeys(), headers: { 'Cache-Control': 'public, max-age=300' } }),
});
