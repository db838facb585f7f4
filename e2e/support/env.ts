import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_TMP = path.resolve(
  process.env.E2E_TMP ?? path.join(import.meta.dirname, '../.tmp'),
);
export const E2E_DATA_DIR = path.join(E2E_TMP, 'data');
/** The server's stdout, where verification codes are printed in development. */
export const SERVER_LOG = path.join(E2E_TMP, 'server.log');
export const SERVER_PID = path.join(E2E_TMP, 'server.pid');
