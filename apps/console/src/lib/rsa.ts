import { encryptWithPublicKey } from '@labshop/shared/password-transport';
import { api } from './api-client';

// The password transport of docs/api.md, with the key fetched once per page load.

/** GET /client/v1/system/public-key (publicKeySchema). */
interface PublicKeyAnswer {
  publicKey: string;
  algorithm: 'RSA-OAEP-256';
}

let publicKey: Promise<string> | null = null;

/** Fetches the PEM once per page load; a failed fetch is retried on the next call. */
function getPublicKey(): Promise<string> {
  publicKey ??= api.get<PublicKeyAnswer>('/client/v1/system/public-key').then(
    (res) => res.publicKey,
    (err: unknown) => {
      publicKey = null;
      throw err;
    },
  );
  return publicKey;
}

/** Forgets the cached key, e.g. after the server was given a new one. */
export function resetPublicKey(): void {
  publicKey = null;
}

/** Encrypts one password field for a request body. */
export async function encryptPassword(plain: string): Promise<string> {
  return encryptWithPublicKey(await getPublicKey(), plain);
}
