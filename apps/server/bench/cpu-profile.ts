import fs from 'node:fs';

/**
 * The frames a `node --cpu-prof` profile spent most of its own (self) time in, so the pipeline
 * bench can say where a request's time goes (docs/performance.md, "The request pipeline").
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  /** Monotonic clock, microseconds (CLOCK_MONOTONIC, as process.hrtime in any process). */
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Frame {
  /** Function name, file (from the last node_modules package or the app's own path) and line. */
  frame: string;
  /** Share of the busy (non-idle) time, in percent. */
  percent: number;
}

/** Where a frame's code lives, short: `fastify/lib/route.js`, `node:internal/...`, `server.js`. */
function shortUrl(url: string): string {
  if (url === '') return '';
  const inPackage = url.split('/node_modules/').at(-1) ?? url;
  if (inPackage !== url) return inPackage;
  return url.replace(/^file:\/\/.*\/apps\/server\//, '');
}

/**
 * The `count` frames with the most self time, as shares of the busy time, counting only samples
 * taken from `fromUs` on (process.hrtime in microseconds), so the start-up is left out.
 */
export function topSelfTime(file: string, count: number, fromUs = 0): Frame[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < fromUs || !node || node.callFrame.functionName === '(idle)') return;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = shortUrl(url);
    const key = `${functionName || '(anonymous)'}${where ? ` ${where}:${lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    busy += dt;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, us]) => ({ frame, percent: (us / busy) * 100 }));
}
