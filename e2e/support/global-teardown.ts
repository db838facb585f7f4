import fs from 'node:fs';
import { SERVER_PID } from './env';
import { stopGateways } from './gateways';

export default async function globalTeardown(): Promise<void> {
  const pid = Number(fs.readFileSync(SERVER_PID, 'utf8'));
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await stopGateways();
}
