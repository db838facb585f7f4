import { App, Button, Empty, Image, Popconfirm, Skeleton, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useRemoveSeal, useSeal, useUploadSeal } from '../api/seal';

const SEAL_TYPES = ['image/png', 'image/jpeg'];

/**
 * The company seal printed at the seller's signature on 报价单, 订单确认单 and 送货单 PDFs:
 * a PNG or JPEG (a transparent PNG prints best), saved as soon as it is uploaded.
 */
export function SealForm() {
  const { message } = App.useApp();
  const seal = useSeal();
  const uploadSeal = useUploadSeal();
  const removeSeal = useRemoveSeal();

  if (seal.isLoading) return <Skeleton active />;
  const image = seal.data?.image ?? '';

  return (
    <Space direction="vertical" size={16} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        印章图片将盖在报价单、订单确认单和送货单 PDF 的销售方签章处。请上传 PNG 或 JPEG
        格式的图片，建议使用透明背景的 PNG。
      </Typography.Paragraph>
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
          accept={SEAL_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!SEAL_TYPES.includes(file.type)) {
              void message.error('印章图片须为 PNG 或 JPEG 格式');
              return false;
            }
            uploadSeal.mutate(file, { onSuccess: () => void message.success('印章已保存') });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploadSeal.isPending}>
            {image ? '更换印章' : '上传印章'}
          </Button>
        </Upload>
        {image && (
          <Popconfirm
            title="移除后单据上将不再显示印章，确定移除？"
            onConfirm={() =>
              removeSeal.mutate(undefined, { onSuccess: () => void message.success('印章已移除') })
            }
          >
            <Button danger loading={removeSeal.isPending}>
              移除印章
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Space>
  );
}
