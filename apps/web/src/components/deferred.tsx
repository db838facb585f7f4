import {
  memo,
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { isHydrating } from '@/lib/hydration';

/**
 * Below-the-fold parts of a page the server rendered (docs/web.md, "Hydration below the fold").
 * The server renders them whole. In the browser, the first render (hydration) leaves their markup
 * as the server sent it, neither hydrated nor with its code loaded, until the part comes near the
 * screen: nothing in them reacts before a person can see them, so the page's first main-thread
 * work and first-load JavaScript are only what the visible part needs. A part mounted later (a
 * page opened by a link in the app) renders at once, its code loading then.
 */

/** How far below the screen a part starts loading: one short scroll ahead. */
const AHEAD = '400px';

type Module<P> = { default: ComponentType<P> };

/** Every part's loader: the server loads them all before it renders (entry-server.tsx). */
const loaders: Array<() => Promise<unknown>> = [];

/** Loads every deferred part's code, so the server renders them whole. */
export const loadDeferredParts = (): Promise<unknown> => Promise.all(loaders.map((l) => l()));

interface Gate {
  promise: Promise<void>;
  open: () => void;
  settled: boolean;
}

function gateFor(ready: () => Promise<unknown>): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const gate: Gate = {
    open: () => open(),
    settled: false,
    promise: opened.then(ready).then(() => {
      gate.settled = true;
    }),
  };
  return gate;
}

/**
 * A part whose code loads on its own (`load`, a dynamic import) or is already in the page's code
 * (`load` answering the component at once, when only its hydration waits). `className` is the
 * box the part sits in, watched to know when it comes near the screen.
 */
export function deferredPart<P extends object>(
  load: () => Promise<Module<P>> | Module<P>,
  className?: string,
) {
  let Component: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const ready = () =>
    (loading ??= Promise.resolve(load()).then((m) => {
      Component = m.default;
    }));
  loaders.push(ready);

  function Body({ gate, props }: { gate: Gate | null; props: P }): ReactNode {
    if (gate && !gate.settled) use(gate.promise);
    return Component ? <Component {...props} /> : null;
  }

  // Memoized: a re-render of the page with the same props must not reach a part still waiting,
  // or React would give up the server's markup and show the part empty until it loads.
  return memo(function DeferredPart(props: P) {
    const box = useRef<HTMLDivElement>(null);
    const [duringHydration] = useState(isHydrating);
    const [gate] = useState(() => (duringHydration || !Component ? gateFor(ready) : null));
    useEffect(() => {
      if (!gate) return;
      const el = box.current;
      if (!duringHydration || !el || typeof IntersectionObserver === 'undefined') {
        gate.open();
        return;
      }
      const watcher = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          watcher.disconnect();
          gate.open();
        },
        { rootMargin: AHEAD },
      );
      watcher.observe(el);
      return () => watcher.disconnect();
    }, [gate, duringHydration]);
    return (
      <div ref={box} className={className}>
        <Suspense fallback={null}>
          <Body gate={gate} props={props} />
        </Suspense>
      </div>
    );
  });
}
