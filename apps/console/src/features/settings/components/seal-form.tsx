import { App, Button, Empty, Image, Popconfirm, Skeleton, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useRemoveSeal, useSeal, useUploadSeal } from '../api/seal';
import { useSettingChanges } from '../api/setting-changes';
import { PendingChange } from './pending-change';

const SEAL_TYPES = ['image/png', 'image/jpeg'];

/**
 * The company seal printed at the seller's signature on 报价单, 订单确认单 and 送货单 PDFs:
 * a PNG or JPEG (a transparent PNG prints best). An upload or a removal is proposed and takes
 * effect once another finance or admin member confirms it.
 */
export function SealForm() {
  const { message } = App.useApp();
  const seal = useSeal();
  const uploadSeal = useUploadSeal();
  const removeSeal = useRemoveSeal();
  const changes = useSettingChanges('seal');

  if (seal.isLoading) return <Skeleton active />;
  const image = seal.data?.image ?? '';
  const pending = changes.data?.some((c) => c.status === 'pending') ?? false;
  const proposed = () => void message.success('变更已提交，须由另一位财务或管理员确认后生效');

  return (
    <Space direction="vertical" size={16} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        印章图片将盖在报价单、订单确认单和送货单 PDF 的销售方签章处。请上传 PNG 或 JPEG
        格式的图片，建议使用透明背景的 PNG。更换或移除须由另一位财务或管理员确认后生效。
      </Typography.Paragraph>
      <PendingChange setting="seal" />
      {image ? (
        <Image
          src={image}
          alt="公司印章"
          width={160}
          style={{ border: '1px dashed #d9d9d9', padding: 8 }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未上传印章" />
      )}
      <Space>
        <Upload
          disabled={pending}
          accept={SEAL_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!SEAL_TYPES.includes(file.type)) {
              void message.error('印章图片须为 PNG 或 JPEG 格式');
              return false;
            }
            uploadSeal.mutate(file, { onSuccess: proposed });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploadSeal.isPending} disabled={pending}>
            {image ? '更换印章' : '上传印章'}
          </Button>
        </Upload>
        {image && (
          <Popconfirm
            title="确认生效后单据上将不再显示印章，确定移除？"
            onConfirm={() => removeSeal.mutate(undefined, { onSuccess: proposed })}
          >
            <Button danger loading={removeSeal.isPending} disabled={pending}>
              移除印章
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Space>
  );
}
