import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@labshop/shared';
import type { MemberMessage } from '@labshop/shared/schemas';
import { cn } from '@/components/ui/cn';
import { PageLinks, PageRecords } from '@/components/ui/paged-list';
import { useMessages } from '../api/get-messages';
import { useReadMessage } from '../api/read-message';
import { useEmailSettings, useSaveEmailSetting } from '../api/email-settings';

/** The shop's file addresses a message names (a package's safety data sheets). */
const FILE_LINK = /(\/client\/v1\/[^\s；，。]+)/;

/** A message's text with the file addresses in it as links. */
function MessageText({ text }: { text: string }) {
  return text.split(FILE_LINK).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="text-primary break-all hover:underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function MessageRow({ m }: { m: MemberMessage }) {
  const [open, setOpen] = useState(false);
  const read = useReadMessage();
  const toggle = () => {
    setOpen((o) => !o);
    if (!m.read) read.mutate(m.id);
  };
  return (
    <li data-testid="member-message" className="px-3 py-3 text-sm">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        className="flex w-full items-start gap-3 text-left"
      >
        <span
          aria-label={m.read ? '已读' : '未读'}
          className={cn(
            'mt-1.5 h-2 w-2 shrink-0 rounded-full',
            m.read ? 'bg-transparent' : 'bg-red-500',
          )}
        />
        <span
          className={cn('min-w-0 flex-1', m.read ? 'text-gray-600' : 'font-medium text-gray-900')}
        >
          {m.title}
        </span>
        <span className="shrink-0 text-xs text-gray-400">{formatDateTime(m.createTime)}</span>
      </button>
      {open && (
        <div className="mt-2 ml-5 rounded bg-gray-50 p-3 whitespace-pre-wrap text-gray-700">
          <MessageText text={m.content} />
          {m.link && (
            <div className="mt-2">
              <Link to={m.link} className="text-primary hover:underline">
                查看详情
              </Link>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

function EmailSettings() {
  const settings = useEmailSettings();
  const save = useSaveEmailSetting();
  if (!settings.data) return null;
  return (
    <details className="rounded border border-gray-200 px-3 py-2 text-sm">
      <summary className="cursor-pointer text-gray-700">邮件通知设置</summary>
      <p className="mt-2 text-xs text-gray-500">取消勾选的通知不再发送邮件，仍会出现在消息中心。</p>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {settings.data.email.map((e) => (
          <label key={e.event} className="flex items-center gap-2 text-gray-700">
            <input
              type="checkbox"
              checked={e.enabled}
              disabled={save.isPending}
              onChange={(ev) => save.mutate({ event: e.event, enabled: ev.target.checked })}
            />
            {e.label}
          </label>
        ))}
      </div>
    </details>
  );
}

/** 消息 (account page 4-1): what the shop told the member, read or not, and email choices. */
export function MessageList() {
  const [page, setPage] = useState(1);
  const messages = useMessages(page);
  const readAll = useReadMessage();
  return (
    <section className="flex flex-col gap-4">
      <div className="flex items-center justify-between border-b border-gray-100 pb-3">
        <h2 className="text-lg font-semibold text-gray-900">消息</h2>
        <button
          type="button"
          className="text-sm text-primary hover:underline disabled:text-gray-400"
          disabled={readAll.isPending}
          onClick={() => readAll.mutate('all')}
        >
          全部标为已读
        </button>
      </div>
      <EmailSettings />
      <div className="rounded border border-gray-200">
        <PageRecords result={messages}>
          {(rows, busy) => (
            <ul className="divide-y divide-gray-100" aria-busy={busy}>
              {rows.map((m) => (
                <MessageRow key={m.id} m={m} />
              ))}
            </ul>
          )}
        </PageRecords>
      </div>
      <PageLinks result={messages} page={page} onChange={setPage} />
    </section>
  );
}

export default MessageList;
