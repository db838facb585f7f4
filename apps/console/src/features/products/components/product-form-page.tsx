import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  TreeSelect,
  Upload,
  message,
  type FormInstance,
} from 'antd';
import {
  GHS_PICTOGRAMS,
  REGULATION_CATEGORIES,
  REGULATION_LABEL,
  SIGNAL_WORDS,
  type GhsPictogram,
  type RegulationCategory,
  type SignalWord,
} from '@labshop/shared';
import {
  materialInput,
  priceYuanField,
  productInput,
  regulationInputSchema,
  stockInput,
  type ManageProduct,
} from '@labshop/shared/schemas';
import { MoneyInput } from '@/components/money-input';
import { api } from '@/lib/api-client';
import { zodRule } from '@/lib/zod-rule';
import { mayDo, useSession } from '@/lib/session';
import { useCategories, useStores } from '@/hooks/use-reference-data';
import { queryKeys } from '@/lib/query-keys';
import { useProduct } from '../api/get-product';
import type { ProductRow } from '../api/get-products';
import { useSaveProduct, type ProductBody } from '../api/save-product';
import { uploadProductImage } from '../api/upload-image';
import { categoryTree } from '../lib/category-tree';
import {
  BLANK_PACK_SHIPPING,
  packShippingBody,
  packShippingRule,
  shippingClassOptions,
  type PackShippingValues,
} from '../lib/pack-shipping';
import { BrandSelect } from './brand-select';
import { RegulationSources } from './regulation-sources';
import { StructureField } from './structure-field';
import { SdsSection } from './sds-section';
import { isHazardous } from '@labshop/shared';

interface PackValues extends PackShippingValues {
  id?: number;
  pack: string;
  price: number | null;
  userPrice: number | null;
  onSale: boolean;
  /** Count per store id, as text keys of the form. */
  stock: Record<string, number | null>;
}

interface FormValues extends Omit<
  ProductBody,
  'materials' | 'attributes' | 'relationItems' | 'regulation'
> {
  attributes: Array<{ key: string; value: string }>;
  /** regulation, edited as five fields (docs/compliance.md). */
  regulationCategories: RegulationCategory[];
  /** Why the product carries fewer classes than the lists give (audited). */
  regulationReason: string;
  ghsPictograms: GhsPictogram[];
  signalWord: SignalWord | '';
  hazardStatements: string;
  relationItems: Array<{ value: number; label: string }>;
  materials: PackValues[];
}

/** The product's fields in its request body: each box is checked with the server's schema. */
const shape = productInput.shape;

/** A stock box may stay empty (that warehouse is not sent); a figure is checked as sent. */
const stockCount = stockInput.shape.materialCount.optional();

const TEXT_FIELDS: Array<[keyof FormValues & keyof typeof shape, string]> = [
  ['nameEn', '英文名称'],
  ['alias', '别名'],
  ['synonyms', '同义词'],
  ['molecularFormula', '分子式'],
  ['molecularWeight', '分子量'],
  ['mdl', 'MDL号'],
  ['temperature', '储存条件'],
  ['purity', '纯度'],
  ['nationalStandard', '国家标准'],
  ['control', '管制信息'],
  ['soluteCas', '溶质CAS号'],
];

const categoryOptions = REGULATION_CATEGORIES.map((c) => ({
  value: c,
  label: REGULATION_LABEL[c],
}));

/**
 * The form's class and label fields as the API's `regulation`; an empty label is null. The
 * classes are sent only when staff changed them (or the reason): untouched, the server keeps
 * them and adds what the lists give a new CAS.
 */
function regulationOf(
  v: FormValues,
  classesEdited: boolean,
): NonNullable<ProductBody['regulation']> {
  const hazardStatements = v.hazardStatements
    .split(/[\s,，、;；]+/)
    .map((h) => h.trim().toUpperCase())
    .filter(Boolean);
  const empty = v.ghsPictograms.length === 0 && !v.signalWord && hazardStatements.length === 0;
  return {
    ...(classesEdited
      ? { categories: v.regulationCategories, reason: v.regulationReason.trim() }
      : {}),
    ghs: empty
      ? null
      : { pictograms: v.ghsPictograms, signalWord: v.signalWord || null, hazardStatements },
  };
}

function toValues(p: ManageProduct): FormValues {
  return {
    ...p,
    regulationCategories: p.regulation.categories,
    regulationReason: p.regulation.reason,
    ghsPictograms: p.regulation.ghs?.pictograms ?? [],
    signalWord: p.regulation.ghs?.signalWord ?? '',
    hazardStatements: (p.regulation.ghs?.hazardStatements ?? []).join(' '),
    categoryId: p.categoryId,
    attributes: Object.entries(p.attributes).map(([key, value]) => ({ key, value })),
    relationItems: p.relationItems.map((r) => ({ value: r.id, label: `${r.number} ${r.name}` })),
    materials: p.materials.map((m) => ({
      id: m.id,
      pack: m.pack,
      price: m.price,
      userPrice: m.userPrice,
      onSale: m.onSale,
      shippingClass: m.shippingClass,
      unNumber: m.unNumber,
      hazardClass: m.hazardClass,
      leadTimeDays: m.leadTimeDays,
      stock: Object.fromEntries(m.stocks.map((s) => [String(s.storeId), s.materialCount])),
    })),
  };
}

/**
 * The count the form was filled with for a saved pack in one warehouse (0 where it has none), sent
 * back so the server keeps a movement made meanwhile instead of undoing it (docs/catalogue.md).
 */
function seenCount(saved: ManageProduct | null, packId: number | undefined, storeId: number) {
  const pack = packId === undefined ? undefined : saved?.materials.find((x) => x.id === packId);
  if (!pack) return {};
  return { seenCount: pack.stocks.find((x) => x.storeId === storeId)?.materialCount ?? 0 };
}

const blankPack = (): PackValues => ({
  pack: '',
  price: null,
  userPrice: null,
  onSale: true,
  ...BLANK_PACK_SHIPPING,
  stock: {},
});

export default function ProductFormPage() {
  const { id: idParam } = useParams();
  const id = idParam && idParam !== 'new' ? Number(idParam) : null;
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const product = useProduct(id);
  const categories = useCategories();
  const stores = useStores();
  const save = useSaveProduct(id);
  const chosenClasses = Form.useWatch('regulationCategories', form);
  const queryClient = useQueryClient();
  // Stock counts belong to the warehouse (`product.stock`): others see them and send none.
  const countsStock = mayDo(useSession(), 'product.stock');
  // Edits of the pictures; until the first one the saved product's pictures are shown.
  const [imagesEdit, setImages] = useState<string[] | null>(null);
  const [mainEdit, setMain] = useState<string | null>(null);
  const images = imagesEdit ?? product.data?.images ?? [];
  const main = mainEdit ?? product.data?.image ?? '';
  const [related, setRelated] = useState<Array<{ value: number; label: string }>>([]);
  // The product as the form was last filled from it: filled once per product and again after a
  // save, never by a background reload, so typing is not overwritten and `seenCount` is the count
  // the staff saw.
  const filledFrom = useRef<ManageProduct | null>(null);
  const fill = useCallback(
    (p: ManageProduct) => {
      form.setFieldsValue(toValues(p));
      filledFrom.current = p;
    },
    [form],
  );

  useEffect(() => {
    if (product.data && filledFrom.current?.id !== product.data.id) fill(product.data);
  }, [product.data, fill]);

  if (id !== null && product.isLoading) return <Spin />;

  const searchRelated = async (key: string) => {
    if (!key.trim()) return;
    const page = await api.get<{ records: ProductRow[] }>('/manage/v1/products', { key, size: 20 });
    setRelated(page.records.map((r) => ({ value: r.id, label: `${r.number} ${r.name}` })));
  };

  const submit = async (v: FormValues) => {
    const {
      regulationCategories: _c,
      regulationReason: _r,
      ghsPictograms: _p,
      signalWord: _s,
      hazardStatements: _h,
      ...rest
    } = v;
    const body: ProductBody = {
      ...rest,
      regulation: regulationOf(
        v,
        form.isFieldTouched('regulationCategories') || form.isFieldTouched('regulationReason'),
      ),
      image: main,
      images,
      attributes: v.attributes.filter((a) => a.key.trim() !== ''),
      relationItems: v.relationItems.map((r) => r.value),
      materials: v.materials.map((m) => ({
        ...(m.id ? { id: m.id } : {}),
        pack: m.pack,
        price: m.price,
        userPrice: m.userPrice,
        onSale: m.onSale,
        ...packShippingBody(m),
        stocks: countsStock
          ? Object.entries(m.stock ?? {})
              .filter(([, n]) => n !== null && n !== undefined)
              .map(([storeId, n]) => ({
                storeId: Number(storeId),
                materialCount: n ?? 0,
                ...seenCount(filledFrom.current, m.id, Number(storeId)),
              }))
          : [],
      })),
    };
    const saved = await save.mutateAsync(body);
    void message.success('保存成功');
    // The save reloaded the product: fill the form from it (the counts now seen included). After
    // a failed reload the cache still holds the old answer, and the form keeps what was saved.
    const reloaded =
      id === null
        ? undefined
        : queryClient.getQueryData<ManageProduct>(queryKeys.productDetail(id));
    if (reloaded && reloaded !== filledFrom.current) fill(reloaded);
    if (id === null) await navigate(`/products/${saved.id}`, { replace: true });
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length) return;
    const next = [...images];
    const [item] = next.splice(from, 1);
    if (item !== undefined) next.splice(to, 0, item);
    setImages(next);
  };

  return (
    <Card title={id === null ? '新建商品' : `编辑商品 ${product.data?.number ?? ''}`}>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{
          onSale: true,
          isHot: false,
          isNew: false,
          attributes: [],
          relationItems: [],
          materials: [blankPack()],
          regulationCategories: [],
          regulationReason: '',
          ghsPictograms: [],
          signalWord: '',
          hazardStatements: '',
        }}
        onFinish={(v) => void submit(v)}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="name" label="中文名称" rules={[zodRule(shape.name)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="number" label="货号" rules={[zodRule(shape.number)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="cas" label="CAS号" rules={[zodRule(shape.cas)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="brandName" label="品牌" rules={[zodRule(shape.brandName)]}>
              <BrandSelect />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="categoryId" label="分类">
              <TreeSelect allowClear treeData={categoryTree(categories.data ?? [])} />
            </Form.Item>
          </Col>
          {TEXT_FIELDS.map(([name, label]) => (
            <Col span={8} key={name}>
              <Form.Item name={name} label={label} rules={[zodRule(shape[name])]}>
                <Input />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Card size="small" title="管控类别与 GHS 标签" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col span={6}>
              <Form.Item
                name="regulationCategories"
                label="管控类别"
                extra="可选多个；保存时按 CAS 号查名录自动加上。易制毒、剧毒类商品的包装规格须写明净含量，如 500mL、25g"
              >
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="无"
                  options={categoryOptions}
                  data-testid="regulation-category"
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="ghsPictograms" label="GHS 象形图">
                <Select
                  mode="multiple"
                  allowClear
                  options={GHS_PICTOGRAMS.map((g) => ({ value: g, label: g }))}
                />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="signalWord" label="信号词">
                <Select
                  options={[
                    { value: '', label: '无' },
                    ...SIGNAL_WORDS.map((w) => ({ value: w, label: w })),
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={6}>
              {/* Sent split into codes (regulationOf); the server checks each code. */}
              <Form.Item name="hazardStatements" label="危险说明代码" extra="如 H225 H319">
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <RegulationSources regulation={product.data?.regulation} chosen={chosenClasses ?? []} />
          <Form.Item
            name="regulationReason"
            label="降级原因及依据"
            extra="取消或降低名录给出的类别（含未确认条目）时必填：写明核对的官方目录、条目或其他依据，记入操作日志"
            rules={[zodRule(regulationInputSchema.shape.reason)]}
          >
            <Input.TextArea rows={2} data-testid="regulation-reason" />
          </Form.Item>
        </Card>
        <StructureField form={form} inchiKey={product.data?.inchiKey ?? ''} />
        <Form.Item name="summary" label="摘要" rules={[zodRule(shape.summary)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="introduction" label="简介" rules={[zodRule(shape.introduction)]}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="onSale" label="上架" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="isHot" label="热门" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="isNew" label="新品" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>

        <Card size="small" title="包装规格与库存" style={{ marginBottom: 16 }}>
          <Form.List name="materials">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} align="baseline" wrap data-testid={`pack-${i}`}>
                    <Form.Item name={[field.name, 'id']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'pack']}
                      label="包装"
                      rules={[zodRule(materialInput.shape.pack)]}
                    >
                      <Input style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'price']}
                      label="市场价（元）"
                      rules={[zodRule(priceYuanField)]}
                    >
                      <MoneyInput min={0} placeholder="询价" style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'userPrice']}
                      label="会员价（元）"
                      rules={[zodRule(priceYuanField)]}
                    >
                      <MoneyInput min={0} placeholder="询价" style={{ width: 120 }} />
                    </Form.Item>
                    {(stores.data ?? []).map((s) => (
                      <Form.Item
                        key={s.id}
                        name={[field.name, 'stock', String(s.id)]}
                        label={`${s.name}库存`}
                        rules={[zodRule(stockCount)]}
                        tooltip={countsStock ? undefined : '库存由仓库在库存管理中调整'}
                      >
                        <InputNumber min={0} precision={0} disabled={!countsStock} />
                      </Form.Item>
                    ))}
                    <PackShippingFields form={form} index={field.name} />
                    <Form.Item name={[field.name, 'onSale']} label="上架" valuePropName="checked">
                      <Checkbox />
                    </Form.Item>
                    {fields.length > 1 && (
                      <Button danger size="small" onClick={() => remove(field.name)}>
                        移除
                      </Button>
                    )}
                  </Space>
                ))}
                <Button onClick={() => add(blankPack())}>添加包装</Button>
              </>
            )}
          </Form.List>
        </Card>

        <Card size="small" title="扩展属性" style={{ marginBottom: 16 }}>
          <Form.List name="attributes">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'key']}>
                      <Input placeholder="属性名" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']}>
                      <Input placeholder="属性值" style={{ width: 320 }} />
                    </Form.Item>
                    <Button size="small" onClick={() => remove(field.name)}>
                      删除
                    </Button>
                  </Space>
                ))}
                <Button onClick={() => add({ key: '', value: '' })}>添加属性</Button>
              </>
            )}
          </Form.List>
        </Card>

        <Card size="small" title="图片" style={{ marginBottom: 16 }}>
          <Space wrap>
            {images.map((src, i) => (
              <Space key={src} direction="vertical" align="center">
                <img src={src} alt="" style={{ width: 96, height: 96, objectFit: 'contain' }} />
                <Space size={4}>
                  <Button size="small" onClick={() => move(i, i - 1)}>
                    ←
                  </Button>
                  <Button
                    size="small"
                    type={main === src ? 'primary' : 'default'}
                    onClick={() => setMain(src)}
                  >
                    {main === src ? '主图' : '设为主图'}
                  </Button>
                  <Button size="small" onClick={() => move(i, i + 1)}>
                    →
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => setImages(images.filter((x) => x !== src))}
                  >
                    删
                  </Button>
                </Space>
              </Space>
            ))}
            <Upload
              accept="image/png,image/jpeg,image/gif,image/webp"
              showUploadList={false}
              customRequest={({ file, onSuccess, onError }) => {
                uploadProductImage(file as File)
                  .then((url) => {
                    setImages([...images, url]);
                    if (!main) setMain(url);
                    onSuccess?.(url);
                  })
                  .catch((err: Error) => onError?.(err));
              }}
            >
              <Button>上传图片</Button>
            </Upload>
          </Space>
        </Card>

        <Form.Item name="relationItems" label="相关商品">
          <Select
            mode="multiple"
            labelInValue
            showSearch
            filterOption={false}
            options={related}
            onSearch={(k) => void searchRelated(k)}
            placeholder="输入名称、CAS号或货号查找"
          />
        </Form.Item>

        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={() => void navigate('/products')}>返回列表</Button>
        </Space>
      </Form>
      <SdsSection
        productId={id}
        number={product.data?.number ?? ''}
        hazardous={isHazardous(product.data?.regulation)}
      />
    </Card>
  );
}

/**
 * A pack's 运输类别 and 货期 (docs/shipping.md): a dangerous pack also takes its UN编号 and
 * 危险类别, shown only for it.
 */
function PackShippingFields({ form, index }: { form: FormInstance<FormValues>; index: number }) {
  const dangerous = Form.useWatch(['materials', index, 'shippingClass'], form) === 'dangerous';
  // One group in the pack's row: the fields stay side by side and wrap together.
  return (
    <Space align="baseline" wrap>
      <Form.Item name={[index, 'shippingClass']} label="运输类别">
        <Select
          style={{ width: 180 }}
          options={shippingClassOptions}
          aria-label={`运输类别 ${index + 1}`}
          // The numbers depend on the class: check them again when it changes.
          onChange={() =>
            void form
              .validateFields([
                ['materials', index, 'unNumber'],
                ['materials', index, 'hazardClass'],
              ])
              .catch(() => undefined)
          }
        />
      </Form.Item>
      {dangerous && (
        <>
          <Form.Item
            name={[index, 'unNumber']}
            label="UN编号"
            rules={[packShippingRule(index, 'unNumber')]}
          >
            <Input
              style={{ width: 110 }}
              placeholder="如 UN1155"
              aria-label={`UN编号 ${index + 1}`}
            />
          </Form.Item>
          <Form.Item
            name={[index, 'hazardClass']}
            label="危险类别"
            rules={[packShippingRule(index, 'hazardClass')]}
          >
            <Input
              style={{ width: 90 }}
              placeholder="如 3、6.1"
              aria-label={`危险类别 ${index + 1}`}
            />
          </Form.Item>
        </>
      )}
      <Form.Item
        name={[index, 'leadTimeDays']}
        label="货期（天）"
        tooltip="无库存时仍可订购，显示预计发货日期；不填则无库存时不能订购"
        rules={[packShippingRule(index, 'leadTimeDays')]}
      >
        <InputNumber
          min={1}
          max={365}
          precision={0}
          placeholder="无"
          style={{ width: 100 }}
          aria-label={`货期 ${index + 1}`}
        />
      </Form.Item>
    </Space>
  );
}
