import { Button, Card, Descriptions, Form, Input, Space, Upload, type FormInstance } from 'antd';
import {
  formulaMismatchMessage,
  productInput,
  type ParsedStructure,
} from '@labshop/shared/schemas';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { zodRule } from '@/lib/zod-rule';
import { useParseStructure } from '../api/parse-structure';

interface StructureValues {
  smiles?: string;
  molecularFormula?: string;
  molecularWeight?: string;
}

/**
 * The product's structure: a SMILES typed in or a molfile loaded from disk. 识别结构 reads it on
 * the server, fills an empty formula and weight, and marks an entered formula that disagrees
 * (saving refuses it too, see docs/catalogue.md).
 */
export function StructureField<T extends StructureValues>({
  form,
  inchiKey,
}: {
  form: FormInstance<T>;
  /** The stored InChIKey, shown until the structure is read again. */
  inchiKey: string;
}) {
  const parse = useParseStructure();
  const [parsed, setParsed] = useState<ParsedStructure | null>(null);
  const values = form as unknown as FormInstance<StructureValues>;
  const text = (name: keyof StructureValues): string => {
    const v: unknown = values.getFieldValue(name);
    return typeof v === 'string' ? v : '';
  };

  const read = async () => {
    const structure = text('smiles');
    const formula = text('molecularFormula').trim();
    try {
      const s = await parse.mutateAsync({ structure, formula });
      setParsed(s);
      values.setFields([{ name: 'smiles', errors: [] }]);
      if (!formula) values.setFieldValue('molecularFormula', s.formula);
      if (!text('molecularWeight').trim()) {
        values.setFieldValue('molecularWeight', s.weight.toFixed(2));
      }
      values.setFields([
        {
          name: 'molecularFormula',
          errors: s.formulaAgrees === false ? [formulaMismatchMessage(s.formula)] : [],
        },
      ]);
    } catch (err) {
      setParsed(null);
      const msg = err instanceof ApiError ? err.message : '结构式识别失败';
      values.setFields([{ name: 'smiles', errors: [msg] }]);
    }
  };

  const shownKey = parsed?.inchiKey ?? inchiKey;
  return (
    <Card size="small" title="结构式" style={{ marginBottom: 16 }}>
      <Form.Item
        name="smiles"
        label="SMILES 或 Mol 文件"
        extra="识别后自动填写空的分子式和分子量；保存时以结构式核对已填写的分子式"
        rules={[zodRule(productInput.shape.smiles)]}
      >
        <Input.TextArea rows={3} placeholder="例如 OC(=O)c1ccccc1" spellCheck={false} />
      </Form.Item>
      <Space wrap>
        <Button onClick={() => void read()} loading={parse.isPending}>
          识别结构
        </Button>
        <Upload
          accept=".mol,.sdf"
          showUploadList={false}
          beforeUpload={(file) => {
            void file.text().then((text) => {
              values.setFieldValue('smiles', text);
              void read();
            });
            return false;
          }}
        >
          <Button>载入 Mol 文件</Button>
        </Upload>
      </Space>
      {(parsed || shownKey) && (
        <Descriptions size="small" column={1} style={{ marginTop: 12 }} data-testid="structure">
          {parsed && <Descriptions.Item label="分子式">{parsed.formula}</Descriptions.Item>}
          {parsed && (
            <Descriptions.Item label="分子量">{parsed.weight.toFixed(2)}</Descriptions.Item>
          )}
          {shownKey && <Descriptions.Item label="InChIKey">{shownKey}</Descriptions.Item>}
        </Descriptions>
      )}
    </Card>
  );
}
