import { useState } from 'react';
import { Alert, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { PriceListLine } from '../api/price-lists';
import { findPacks } from '../api/options';
import { readSheetLines, readWorkbookCells, type SheetProblem } from '../lib/lines-sheet';

/** Each sheet line's pack: its 物料ID, or the pack whose 货号 (and 规格, when given) it names. */
async function resolve(
  lines: ReturnType<typeof readSheetLines>['lines'],
): Promise<{ found: PriceListLine[]; problems: SheetProblem[] }> {
  const found: PriceListLine[] = [];
  const problems: SheetProblem[] = [];
  const byNumber = new Map<string, Awaited<ReturnType<typeof findPacks>>>();
  for (const line of lines) {
    if (line.materialId !== null) {
      found.push({ materialId: line.materialId, price: line.price, minQuantity: line.minQuantity });
      continue;
    }
    const packs = byNumber.get(line.number) ?? (await findPacks(line.number).catch(() => []));
    byNumber.set(line.number, packs);
    const matching = packs.filter(
      (p) => p.number === line.number && (line.pack === '' || p.pack === line.pack),
    );
    if (matching.length !== 1 || !matching[0]) {
      const msg =
        matching.length === 0
          ? `未找到货号 ${line.number} ${line.pack}`
          : '该货号有多个规格，请填写规格';
      problems.push({ row: line.row, msg });
      continue;
    }
    const p = matching[0];
    found.push({
      materialId: p.materialId,
      price: line.price,
      minQuantity: line.minQuantity,
      number: p.number,
      name: p.name,
      pack: p.pack,
    });
  }
  return { found, problems };
}

/**
 * 从 Excel 导入: reads the tiers of an .xlsx (docs/contract-prices-credit.md) and hands the lines it could place
 * to the form; the rows it could not are listed with their reason, and nothing is sent yet.
 */
export function ImportLines({ onLines }: { onLines: (lines: PriceListLine[]) => void }) {
  const [reading, setReading] = useState(false);
  const [problems, setProblems] = useState<SheetProblem[]>([]);
  const [added, setAdded] = useState<number | null>(null);

  const read = async (file: File) => {
    setReading(true);
    try {
      const sheet = readSheetLines(await readWorkbookCells(file));
      const { found, problems: unresolved } = await resolve(sheet.lines);
      setProblems([...sheet.problems, ...unresolved].sort((a, b) => a.row - b.row));
      setAdded(found.length);
      onLines(found);
    } catch {
      setProblems([{ row: 0, msg: '文件无法读取，请上传 .xlsx 表格' }]);
      setAdded(null);
    } finally {
      setReading(false);
    }
  };

  return (
    <div style={{ marginBottom: 12 }}>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          void read(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={reading}>
          从 Excel 导入
        </Button>
      </Upload>
      <span style={{ marginLeft: 8, color: '#888' }}>表头：货号、规格、合同价、起订量</span>
      {added !== null && (
        <Alert
          style={{ marginTop: 8 }}
          type={problems.length > 0 ? 'warning' : 'success'}
          title={`已导入 ${added} 行${problems.length > 0 ? `，${problems.length} 行未导入` : ''}`}
          description={
            problems.length > 0 && (
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {problems.map((p) => (
                  <li key={`${p.row}-${p.msg}`}>
                    {p.row > 0 ? `第 ${p.row} 行：` : ''}
                    {p.msg}
                  </li>
                ))}
              </ul>
            )
          }
        />
      )}
      {added === null && problems.length > 0 && (
        <Alert style={{ marginTop: 8 }} type="error" title={problems[0]?.msg} />
      )}
    </div>
  );
}
