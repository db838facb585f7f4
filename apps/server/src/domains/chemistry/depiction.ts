import * as OCL from 'openchemlib';
import type { MainModule } from '@rdkit/rdkit';
import { loadRdkit, loadedRdkit } from './rdkit.ts';
import { readMolecule } from './structure.ts';

/**
 * SVG depictions of structures (docs/chemistry.md, "Pictures"): OpenChemLib draws them, on the
 * cleanest 2D layout of three, OpenChemLib's own and RDKit's two (CoordGen's ring templates and
 * RDKit's depictor), so a polycyclic structure (士的宁, 青蒿素, 红霉素) is not drawn tangled.
 */

/** What makes a layout hard to read: bonds crossing, and atoms drawn nearly on top of each other. */
export interface LayoutFlaws {
  crossings: number;
  crowded: number;
}

/** Atoms closer than this share of the average bond length look like one. */
const CROWDED = 0.35;

/** Crossing bonds (sharing no atom) and crowded atom pairs of a molecule's 2D coordinates. */
export function layoutFlaws(mol: OCL.Molecule): LayoutFlaws {
  const x = (a: number) => mol.getAtomX(a);
  const y = (a: number) => mol.getAtomY(a);
  // Which side of the line a→b the point c lies on (the sign of the cross product).
  const side = (a: number, b: number, c: number) =>
    Math.sign((x(b) - x(a)) * (y(c) - y(a)) - (y(b) - y(a)) * (x(c) - x(a)));
  const bonds = mol.getAllBonds();
  let crossings = 0;
  for (let i = 0; i < bonds; i++) {
    const [a, b] = [mol.getBondAtom(0, i), mol.getBondAtom(1, i)];
    for (let j = i + 1; j < bonds; j++) {
      const [c, d] = [mol.getBondAtom(0, j), mol.getBondAtom(1, j)];
      if (a === c || a === d || b === c || b === d) continue;
      if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) crossings++;
    }
  }
  const atoms = mol.getAllAtoms();
  const near = CROWDED * (mol.getAverageBondLength(true) || 1);
  let crowded = 0;
  for (let i = 0; i < atoms; i++) {
    for (let j = i + 1; j < atoms; j++) {
      if (Math.hypot(x(i) - x(j), y(i) - y(j)) < near) crowded++;
    }
  }
  return { crossings, crowded };
}

/**
 * The molecule with RDKit's coordinates, its stereo bonds drawn anew from the parities read
 * from the structure; null when the two libraries do not read the same atoms in the same order
 * (explicit hydrogens, a molfile RDKit writes as V3000), so no atom can get another's place.
 */
function withRdkitLayout(
  lib: MainModule,
  structure: string,
  useCoordGen: boolean,
): OCL.Molecule | null {
  const mol = readMolecule(structure);
  const rd = lib.get_mol(structure);
  if (!rd) return null;
  try {
    if (!rd.is_valid() || !rd.set_new_coords(useCoordGen)) return null;
    const lines = rd.get_molblock().split('\n');
    const count = Number(lines[3]?.slice(0, 3));
    if (count !== mol.getAllAtoms()) return null;
    for (let i = 0; i < count; i++) {
      const line = lines[4 + i] ?? '';
      if (OCL.Molecule.getAtomicNoFromLabel(line.slice(31, 34).trim()) !== mol.getAtomicNo(i)) {
        return null;
      }
      // Molfiles count y upwards, OpenChemLib downwards.
      mol.setAtomX(i, Number(line.slice(0, 10)));
      mol.setAtomY(i, -Number(line.slice(10, 20)));
    }
  } finally {
    rd.delete();
  }
  mol.setStereoBondsFromParity();
  return mol;
}

const worse = (a: LayoutFlaws, b: LayoutFlaws) =>
  a.crossings !== b.crossings ? a.crossings > b.crossings : a.crowded > b.crowded;

/**
 * Loads what depictSvg needs besides OpenChemLib (RDKit's WebAssembly build, a few hundred
 * milliseconds once); await it before drawing.
 */
export async function prepareDepictions(): Promise<void> {
  await loadRdkit();
}

/**
 * The structure with the 2D layout it is drawn with: OpenChemLib's when no bonds cross and no
 * atoms crowd, else the one of RDKit's two with the fewest crossings (then crowded atoms), which
 * is most often none. Every candidate keeps the structure's stereo.
 */
export function depictionLayout(structure: string): OCL.Molecule {
  const lib = loadedRdkit();
  if (!lib) throw new Error('depictions need prepareDepictions() first');
  let best = readMolecule(structure);
  best.inventCoordinates();
  let flaws = layoutFlaws(best);
  for (const useCoordGen of [true, false]) {
    if (flaws.crossings === 0 && flaws.crowded === 0) break;
    const other = withRdkitLayout(lib, structure, useCoordGen);
    if (!other) continue;
    const otherFlaws = layoutFlaws(other);
    if (worse(flaws, otherFlaws)) [best, flaws] = [other, otherFlaws];
  }
  return best;
}

/**
 * SVG depiction of a structure (SMILES or molfile) on its cleanest layout (depictionLayout):
 * aromatic rings are drawn with their alternating bonds, stereo bonds as wedges and hashes,
 * charges at their atoms, and each ion of a salt as its own fragment.
 */
export function depictSvg(structure: string, width = 400, height = 300, id = 'structure'): string {
  const mol = depictionLayout(structure);
  const svg = mol.toSVG(width, height, id, {
    autoCrop: true,
    autoCropMargin: 16,
    inflateToMaxAVBL: true,
    maxAVBL: Math.round(Math.min(width, height) / 6),
    suppressChiralText: true,
    suppressCIPParity: true,
    suppressESR: true,
    noStereoProblem: true,
    factorTextSize: 1.1,
  });
  return withoutInteractiveLayer(svg).replace(/<svg /, '<svg role="img" ');
}

/**
 * The depiction is shown in an <img> (or inside another picture), where nothing reacts to the
 * pointer: OpenChemLib's interactive layer, an invisible line over each bond and an invisible
 * circle over each atom with the styles that give them pointer events, is dropped. That is about
 * half of a drawing's elements, and the browser parses, lays out and paints every element of an
 * SVG picture on the page's main thread (docs/chemistry.md, "Pictures").
 */
export function withoutInteractiveLayer(svg: string): string {
  return svg
    .replace(/^[ \t]*<(?:line|circle) [^>]*class="event"[^>]*\/>\r?\n?/gm, '')
    .replace(/ #[^ {]+ \{ pointer-events:none; \}/g, '')
    .replace(/ #[^ {]+ \.event +\{ pointer-events:all; \}/g, '');
}
