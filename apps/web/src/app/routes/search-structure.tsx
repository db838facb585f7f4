import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { UI } from '@labshop/shared';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/empty';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { AddToCart } from '@/features/cart/components/add-to-cart';
import { SearchResultCard } from '@/features/catalogue/components/search-result-card';
import {
  useSearchStructures,
  type StructureMode,
} from '@/features/chemistry/api/search-structures';
import { StructureEditor } from '@/features/chemistry/components/structure-editor';
import { useSearchNavigate } from '@/hooks/use-search-navigate';

const addToCart = (materialId: number) => <AddToCart materialId={materialId} />;
const DEFAULT_THRESHOLD = 0.7;

function thresholdOf(v: string | null): number {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0.1 && n <= 1 ? n : DEFAULT_THRESHOLD;
}

/**
 * The structure tab of /search: draw a structure or paste a SMILES, search substructures or
 * similar structures, results as the usual cards. Loaded only when the tab is opened.
 */
export default function StructureSearchTab() {
  const [params, setParams] = useSearchParams();
  const smiles = params.get('smiles') ?? '';
  const mode: StructureMode = params.get('mode') === 'similarity' ? 'similarity' : 'substructure';
  const threshold = thresholdOf(params.get('threshold'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = useSearchNavigate();

  const [draft, setDraft] = useState(smiles);
  const [draftMode, setDraftMode] = useState<StructureMode>(mode);
  const [draftThreshold, setDraftThreshold] = useState(threshold);
  const results = useSearchStructures({ smiles, mode, threshold, page });

  const go = (s: string, m: StructureMode, t: number, p: number) => {
    const q = new URLSearchParams({ tab: 'structure', smiles: s, mode: m });
    if (m === 'similarity') q.set('threshold', String(t));
    if (p > 1) q.set('page', String(p));
    setParams(q);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim()) go(draft.trim(), draftMode, draftThreshold, 1);
  };

  const data = results.data;
  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-md border border-gray-200 bg-white p-4"
      >
        <StructureEditor smiles={draft} onChange={setDraft} />
        <label className="flex flex-col gap-1 text-sm text-gray-600">
          SMILES（可粘贴或在上方绘制）
          <Input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="例如 CC(=O)Oc1ccccc1C(=O)O"
            name="smiles"
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <div className="flex flex-wrap items-center gap-4 text-sm">
          <fieldset className="flex items-center gap-3">
            <legend className="sr-only">搜索方式</legend>
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="mode"
                checked={draftMode === 'substructure'}
                onChange={() => setDraftMode('substructure')}
              />
              子结构搜索
            </label>
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="mode"
                checked={draftMode === 'similarity'}
                onChange={() => setDraftMode('similarity')}
              />
              相似性搜索
            </label>
          </fieldset>
          {draftMode === 'similarity' && (
            <label className="flex items-center gap-2">
              相似度 ≥ {draftThreshold.toFixed(2)}
              <input
                type="range"
                min={0.1}
                max={1}
                step={0.05}
                value={draftThreshold}
                onChange={(e) => setDraftThreshold(Number(e.target.value))}
                aria-label="相似度阈值"
              />
            </label>
          )}
          <Button type="submit" disabled={!draft.trim()}>
            搜索结构
          </Button>
        </div>
        <p className="text-xs text-gray-400">
          分子式搜索（如 C9H8O4）与分子量范围搜索（如 180-200）请在上方搜索框输入。
        </p>
      </form>
      {!smiles ? null : results.isPending ? (
        <Spinner />
      ) : results.isError ? (
        <Empty text={results.error instanceof Error ? results.error.message : '搜索失败'} />
      ) : !data || data.records.length === 0 ? (
        <Empty text="暂无包含该结构的商品" />
      ) : (
        <>
          <p className="text-sm text-gray-500">
            共找到 <strong className="text-primary">{data.total}</strong> 个商品
          </p>
          <ul className="flex flex-col gap-4">
            {data.records.map((p) => (
              <li key={p.id}>
                <SearchResultCard product={p} onSearch={search} action={addToCart} />
              </li>
            ))}
          </ul>
          <Pagination
            current={data.current}
            size={data.size || UI.searchPageSize}
            total={data.total}
            onChange={(p) => go(smiles, mode, threshold, p)}
          />
        </>
      )}
    </div>
  );
}
