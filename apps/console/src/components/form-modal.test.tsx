import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { useSubmitMutation } from '@labshop/api-client/react';
import { FormModal } from './form-modal';

/** A dialog like 新增仓库: one text field, saved through useSubmitMutation. */
function WarehouseDialog({ send }: { send: (name: string) => Promise<unknown> }) {
  const save = useSubmitMutation({ mutationFn: send });
  return (
    <FormModal
      title="新增仓库"
      open
      form="warehouse-form"
      saving={save.isPending}
      onCancel={() => undefined}
    >
      <Form<{ name: string }> name="warehouse-form" onFinish={(v) => save.mutate(v.name)}>
        <Form.Item
          name="name"
          label="仓库名称"
          rules={[{ required: true, message: '请输入仓库名称' }]}
        >
          <Input />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

const renderDialog = (send: (name: string) => Promise<unknown>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WarehouseDialog send={send} />
    </QueryClientProvider>,
  );

describe('FormModal', () => {
  it('puts the focus in the first field that can be typed in', async () => {
    render(
      <FormModal title="编辑员工" open form="staff-form" saving={false} onCancel={() => undefined}>
        <Form name="staff-form">
          <Form.Item name="id" hidden>
            <Input type="hidden" />
          </Form.Item>
          <Form.Item name="account" label="账号">
            <Input disabled />
          </Form.Item>
          <Form.Item name="code" label="编号">
            <Input readOnly />
          </Form.Item>
          <Form.Item name="name" label="姓名">
            <Input />
          </Form.Item>
        </Form>
      </FormModal>,
    );
    const name = await screen.findByLabelText('姓名');
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('leaves the focus where the person already is', async () => {
    function Later() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            打开
          </button>
          <FormModal
            title="编辑"
            open={open}
            form="later-form"
            saving={false}
            onCancel={() => undefined}
          >
            <Form name="later-form">
              <Form.Item name="first" label="第一项">
                <Input />
              </Form.Item>
              <Form.Item name="second" label="第二项">
                <Input autoFocus />
              </Form.Item>
            </Form>
          </FormModal>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Later />);
    await user.click(screen.getByRole('button', { name: '打开' }));
    const second = await screen.findByLabelText('第二项');
    second.focus();
    await user.keyboard('北京');
    // Once the dialog has opened (its animation is over) the typing goes on where it was.
    await waitFor(() =>
      expect(document.querySelector('.ant-modal')?.className).not.toContain('ant-zoom'),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(second);
    expect((second as HTMLInputElement).value).toBe('北京');
  });

  it('leaves the focus in a rich-text editor the person is already working in', async () => {
    function Article() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            编辑内容
          </button>
          <FormModal
            title="编辑内容"
            open={open}
            form="article-form"
            saving={false}
            onCancel={() => undefined}
          >
            <Form name="article-form">
              <Form.Item name="title" label="标题">
                <Input />
              </Form.Item>
              <div role="textbox" aria-label="正文" contentEditable suppressContentEditableWarning>
                旧的正文
              </div>
            </Form>
          </FormModal>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Article />);
    await user.click(screen.getByRole('button', { name: '编辑内容' }));
    const body = await screen.findByRole('textbox', { name: '正文' });
    body.focus();
    await waitFor(() =>
      expect(document.querySelector('.ant-modal')?.className).not.toContain('ant-zoom'),
    );
    await new Promise((r) => setTimeout(r, 50));
    // A select-all and delete meant for the editor must not land in the title.
    expect(document.activeElement).toBe(body);
  });

  it('submits the form with Enter in a field and with its OK button, after the checks', async () => {
    const send = vi.fn((_name: string) => Promise.resolve({ id: 1 }));
    const user = userEvent.setup();
    renderDialog(send);
    const ok = screen.getByRole<HTMLButtonElement>('button', { name: /保\s*存/ });
    // The OK button belongs to the form (form attribute), so it is the default button Enter
    // presses in any of its fields, and it runs the same checks.
    expect(ok.type).toBe('submit');
    expect(ok.form).toBe(document.getElementById('warehouse-form'));

    await user.click(ok);
    expect(await screen.findByText('请输入仓库名称')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('仓库名称'), '北京仓{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toBe('北京仓');
  });

  it('sends once while a save is on its way, whatever is pressed meanwhile', async () => {
    let answer: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderDialog(send);
    const field = screen.getByLabelText('仓库名称');
    await user.type(field, '上海仓{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const ok = screen.getByRole<HTMLButtonElement>('button', { name: /保\s*存/ });
    // The button spins (antd ignores clicks on a loading button) ...
    await waitFor(() => expect(ok.className).toContain('ant-btn-loading'));
    // ... and a second Enter or click is ignored by the submit guard.
    await user.type(field, '{Enter}');
    await user.click(ok);
    await new Promise((r) => setTimeout(r, 0));
    expect(send).toHaveBeenCalledTimes(1);

    answer();
    await waitFor(() => expect(ok.className).not.toContain('ant-btn-loading'));
    await user.type(field, '{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });
});
