import { useCallback, useRef, useState } from 'react';
import {
  useMutation,
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

/**
 * Every write of the storefront and the console goes through this instead of useMutation. React Query reports a started
 * mutation as pending only on its next tick, so a double click could start the same submission
 * twice before the button turned disabled. Here a call made while one is in flight is ignored,
 * and isPending turns true in the same event, so the control is disabled before a second click.
 */
export function useSubmitMutation<TData = unknown, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, DefaultError, TVariables, TContext>,
): UseMutationResult<TData, DefaultError, TVariables, TContext> {
  const mutation = useMutation(options);
  const inFlight = useRef(false);
  const [starting, setStarting] = useState(false);
  const { mutateAsync: run } = mutation;

  const start = useCallback(() => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setStarting(true);
    return true;
  }, []);
  const finish = useCallback(() => {
    inFlight.current = false;
    setStarting(false);
  }, []);

  const mutateAsync = useCallback(
    async (
      variables: TVariables,
      opts?: MutateOptions<TData, DefaultError, TVariables, TContext>,
    ): Promise<TData> => {
      if (!start()) throw new Error('submission already in flight');
      try {
        return await run(variables, opts);
      } finally {
        finish();
      }
    },
    [finish, run, start],
  );

  const mutate = useCallback(
    (variables: TVariables, opts?: MutateOptions<TData, DefaultError, TVariables, TContext>) => {
      if (inFlight.current) return;
      // Errors reach the caller's onError and the request client's toast; nothing else waits here.
      mutateAsync(variables, opts).catch(() => undefined);
    },
    [mutateAsync],
  );

  return {
    ...mutation,
    mutate,
    mutateAsync,
    isPending: starting || mutation.isPending,
  } as UseMutationResult<TData, DefaultError, TVariables, TContext>;
}
