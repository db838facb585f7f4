import fs from 'node:fs';
import { SERVER_LOG } from './env';

/** Reads the newest verification code the server printed for a target (docs/api.md). */
export async function readCode(to: string, scene: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lines = fs.readFileSync(SERVER_LOG, 'utf8').split('\n').reverse();
    for (const line of lines) {
      if (!line.includes('"event":"verification_code"')) continue;
      const ev = JSON.parse(line) as { to: string; scene: number; code: string };
      if (ev.to === to && ev.scene === scene) return ev.code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification code for ${to}`);
}
