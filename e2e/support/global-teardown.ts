import fs from 'node:fs';
import { SERVER_PID } from './env';

export default function globalTeardown(): void {
  const pid = Number(fs.readFileSync(SERVER_PID, 'utf8'));
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
