import { useState, type ReactNode } from 'react';
import { Button, Form, Space, type FormInstance } from 'antd';
import { usePhoneScreen } from '@/hooks/use-phone-screen';
import './filter-bar.css';

/**
 * Empties a filter form. resetFields() would put back its initialValues, which were read from
 * the URL, so the next 查询 would silently apply the old filters again.
 */
function clearFilterForm(form: FormInstance): void {
  const names = Object.keys(form.getFieldsValue(true) as Record<string, unknown>);
  form.setFieldsValue(Object.fromEntries(names.map((name) => [name, undefined])));
}

/**
 * The filter bar of a console list (docs/console.md, "Lists"): the filter fields, 查询 and 重置,
 * then the list's own buttons (exports, actions on the selected rows). The fields start from the
 * URL's filters (`initialValues`); 查询 hands the form's values to `onSearch`, which writes them
 * to the URL; 重置 empties every box (not back to the values the page was opened with) and calls
 * `onReset`. On a phone the fields take the whole width and the `more` ones wait behind 更多筛选,
 * open at once when one of them is in use (`moreInUse`).
 */
export function FilterBar<T extends object>({
  initialValues,
  onSearch,
  onReset,
  more,
  moreInUse = false,
  actions,
  children,
}: {
  initialValues: T;
  onSearch: (values: T) => void;
  onReset: () => void;
  /** Filters a phone shows only on request; a wider screen shows them after `children`. */
  more?: ReactNode;
  moreInUse?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const [form] = Form.useForm<T>();
  const phone = usePhoneScreen();
  const [moreOpen, setMoreOpen] = useState(moreInUse);
  const showMore = more !== undefined && (!phone || moreOpen);
  return (
    <Form<T>
      form={form}
      layout="inline"
      className="filter-bar"
      initialValues={initialValues}
      onFinish={onSearch}
      style={{ marginBottom: 16, rowGap: 12 }}
    >
      {children}
      {/* Kept mounted while folded away, so 查询 still sends what they hold. */}
      {more !== undefined && <div style={{ display: showMore ? 'contents' : 'none' }}>{more}</div>}
      <Space wrap>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button
          onClick={() => {
            clearFilterForm(form);
            onReset();
          }}
        >
          重置
        </Button>
        {more !== undefined && phone && (
          <Button type="link" onClick={() => setMoreOpen((open) => !open)}>
            {moreOpen ? '收起筛选' : '更多筛选'}
          </Button>
        )}
        {actions}
      </Space>
    </Form>
  );
}
