import { Link } from 'react-router';
import { useIsLoggedIn } from '@/lib/session';
import { useUnreadCount } from '../api/get-unread-count';

/** Header link to the message centre with the unread count; shown to members only. */
export function MessagesButton() {
  const loggedIn = useIsLoggedIn();
  const unread = useUnreadCount(loggedIn);
  if (!loggedIn) return null;
  const n = unread.data?.count ?? 0;
  return (
    <Link
      to="/userinfo/4-1"
      data-testid="messages-button"
      aria-label={n > 0 ? `消息，${n} 条未读` : '消息'}
      className="relative inline-flex h-10 items-center gap-1 rounded px-2 text-sm text-gray-700 hover:text-primary"
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <span className="hidden sm:inline">消息</span>
      {n > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-500 px-1.5 text-center text-xs leading-5 text-white"
        >
          {n > 99 ? '99+' : n}
        </span>
      )}
    </Link>
  );
}
