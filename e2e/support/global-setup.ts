import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, E2E_TMP, SERVER_LOG, SERVER_PID } from './env';
import { startGateways } from './gateways';

/** Starts the shop on a fresh data directory with the demo catalogue and waits until it answers. */
export default async function globalSetup(): Promise<void> {
  fs.rmSync(E2E_TMP, { recursive: true, force: true });
  fs.mkdirSync(E2E_DATA_DIR, { recursive: true });
  const log = fs.openSync(SERVER_LOG, 'a');
  const root = path.resolve(import.meta.dirname, '../..');
  const gateways = await startGateways();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every journey registers from 127.0.0.1; the per-IP code limit is for real traffic.
      CODE_SENDS_PER_IP_HOUR: '1000',
      // WeChat Pay and Alipay against the local imitations (keys made for this run).
      ...gateways,
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  child.unref();
  fs.writeFileSync(SERVER_PID, String(child.pid));

  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${E2E_BASE_URL}/client/v1/system/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `shop did not start; see ${SERVER_LOG}:\n${fs.readFileSync(SERVER_LOG, 'utf8').slice(-4000)}`,
  );
}
