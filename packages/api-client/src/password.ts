import { encryptWithPublicKey } from '@labshop/shared/password-transport';

/**
 * The password transport (docs/api.md): every password field is RSA-OAEP (SHA-256) encrypted
 * with the server's public key, fetched once per page load through the app's own client; a
 * failed fetch is tried again on the next call.
 */
export function passwordTransport(fetchPublicKey: () => Promise<string>) {
  let publicKey: Promise<string> | null = null;
  const key = (): Promise<string> => {
    publicKey ??= fetchPublicKey().catch((err: unknown) => {
      publicKey = null;
      throw err;
    });
    return publicKey;
  };
  return {
    /** Encrypts one password field for a request body. */
    encryptPassword: async (plain: string): Promise<string> =>
      encryptWithPublicKey(await key(), plain),
    /** Forgets the cached key, e.g. after the server was given a new one. */
    resetPublicKey: (): void => {
      publicKey = null;
    },
  };
}

/** GET /client/v1/system/public-key. */
export const PUBLIC_KEY_PATH = '/client/v1/system/public-key';
export interface PublicKeyAnswer {
  publicKey: string;
  algorithm: 'RSA-OAEP-256';
}
