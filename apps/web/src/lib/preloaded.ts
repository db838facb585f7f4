import { PRELOADED_ANSWERS_ID } from '@labshop/shared';

/**
 * The answers the server put in the page for its first view (docs/api.md, "Answers inside the
 * page"), each handed out once: a later call of the same request goes to the network.
 */
let answers: Map<string, unknown> | null = null;

/**
 * Where the server's render of a page finds that page's answers (entry-server.tsx): one map per
 * request, so pages rendered at the same time never see each other's.
 */
let serverAnswers: (() => Map<string, unknown> | undefined) | null = null;

export function setServerAnswers(source: () => Map<string, unknown> | undefined): void {
  serverAnswers = source;
}

/** True while the server renders a page: calls the page does not carry never go out. */
export const isServerRender = (): boolean => serverAnswers !== null;

function load(): Map<string, unknown> {
  if (serverAnswers) return serverAnswers() ?? new Map<string, unknown>();
  if (answers) return answers;
  answers = new Map();
  const el = typeof document === 'undefined' ? null : document.getElementById(PRELOADED_ANSWERS_ID);
  if (el?.textContent) {
    try {
      for (const [key, env] of Object.entries(JSON.parse(el.textContent) as object)) {
        answers.set(key, env);
      }
    } catch {
      // A page with unreadable answers just loads them from the network.
    }
  }
  return answers;
}

/** The envelope the page carries for this call, at most once; undefined when it has none. */
export function takePreloaded(key: string): unknown {
  const map = load();
  const env = map.get(key);
  map.delete(key);
  return env;
}
