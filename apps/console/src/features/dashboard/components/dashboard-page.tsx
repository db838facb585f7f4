import { Card, Typography } from 'antd';
import { useSession } from '@/lib/session';

export default function DashboardPage() {
  const session = useSession();
  return (
    <Card>
      <Typography.Title level={4}>欢迎，{session?.name}</Typography.Title>
    </Card>
  );
}
