import initRDKit, { type MainModule } from '@rdkit/rdkit';

/**
 * RDKit's WebAssembly build, loaded once on first use: the InChI reference algorithm
 * (inchi.ts) and the second opinion on a structure's 2D layout (layout.ts).
 */

let loading: Promise<MainModule> | undefined;
let loaded: MainModule | null = null;

export function loadRdkit(): Promise<MainModule> {
  loading ??= initRDKit().then((lib) => (loaded = lib));
  return loading;
}

/** The module once loadRdkit() has resolved, else null. */
export const loadedRdkit = (): MainModule | null => loaded;
