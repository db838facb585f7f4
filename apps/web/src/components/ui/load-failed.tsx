import { ApiError } from '@/lib/api-client';
import { Button } from './button';

/**
 * Shown instead of the content when loading failed (the server could not be reached or broke):
 * never an empty or "not found" state, which would tell the user something untrue.
 */
export function LoadFailed({
  onRetry,
  retrying = false,
}: {
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-12 text-sm text-gray-500">
      <p>加载失败，请检查网络后重试</p>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        重试
      </Button>
    </div>
  );
}

/** Whether a failed load means the thing does not exist (404), not that loading failed. */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
