import type { CodeChannel } from './types.ts';

/**
 * Development channel (docs/api.md): exactly one JSON line on stdout per code, with
 * event, to, scene and code first so scripts and the e2e suite can read it from the log.
 */
export const stdoutChannel: CodeChannel = {
  send({ to, scene, code }) {
    const line = JSON.stringify({ event: 'verification_code', to, scene, code, time: Date.now() });
    process.stdout.write(`${line}\n`);
    return Promise.resolve();
  },
};
