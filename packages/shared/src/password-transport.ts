/// <reference lib="dom" />
/**
 * Password transport of docs/api.md: the base64 of RSA-OAEP (SHA-256) over the UTF-8 password,
 * made with the server's public key (PEM). WebCrypto does the work where the browser offers it;
 * a page served over plain HTTP on a LAN address has no crypto.subtle, so node-forge (loaded only
 * then) does the same encryption. Browser code only: the storefront and the console each fetch
 * the key through their own API client.
 */

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const der = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) der[i] = bin.charCodeAt(i);
  return der;
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

async function encryptWithSubtle(
  subtle: SubtleCrypto,
  pem: string,
  plain: string,
): Promise<string> {
  const key = await subtle.importKey(
    'spki',
    pemToDer(pem),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  return toBase64(new Uint8Array(cipher));
}

async function encryptWithForge(pem: string, plain: string): Promise<string> {
  const { default: forge } = await import('node-forge');
  const key = forge.pki.publicKeyFromPem(pem);
  const cipher = key.encrypt(forge.util.encodeUtf8(plain), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(cipher);
}

/** Encrypts one password field with the server's public key. */
export function encryptWithPublicKey(pem: string, plain: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  return subtle ? encryptWithSubtle(subtle, pem, plain) : encryptWithForge(pem, plain);
}
