import { useEffect, useRef } from 'react';
import { CanvasEditor, Molecule } from 'openchemlib';

/**
 * OpenChemLib's drawing editor. It is heavy, so only the structure-search tab imports this
 * module. Drawing reports the structure as SMILES; a new `smiles` from outside (pasted text) is
 * drawn unless it is what the editor already holds.
 */
export function StructureEditor({
  smiles,
  onChange,
}: {
  smiles: string;
  onChange: (smiles: string) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CanvasEditor | null>(null);
  const latest = useRef(onChange);
  const drawn = useRef('');

  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const e = new CanvasEditor(el, { initialFragment: true });
    editor.current = e;
    e.setOnChangeListener(({ isUserEvent }) => {
      if (!isUserEvent) return;
      const mol = e.getMolecule();
      drawn.current = mol.getAllAtoms() === 0 ? '' : mol.toSmiles();
      latest.current(drawn.current);
    });
    return () => {
      e.destroy();
      editor.current = null;
    };
  }, []);

  useEffect(() => {
    const e = editor.current;
    if (!e || smiles === drawn.current) return;
    try {
      const mol = smiles ? Molecule.fromSmiles(smiles) : new Molecule(0, 0);
      mol.setFragment(true);
      e.setMolecule(mol);
      drawn.current = smiles;
    } catch {
      // Text that is not (yet) a SMILES stays in the field; the drawing keeps the last structure.
    }
  }, [smiles]);

  return (
    <div
      ref={host}
      className="h-[320px] w-full overflow-hidden rounded border border-gray-200 bg-white"
      data-testid="structure-editor"
    />
  );
}
