import { PUBLIC_KEY_PATH, passwordTransport, type PublicKeyAnswer } from '@labshop/api-client';
import { api } from './api-client';

// The password transport of docs/api.md, with the key fetched once per page load.
export const { encryptPassword, resetPublicKey } = passwordTransport(() =>
  api.get<PublicKeyAnswer>(PUBLIC_KEY_PATH).then((res) => res.publicKey),
);
