import { lazy, Suspense, useSyncExternalStore } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UI } from '@labshop/shared';
import { toastsWanted } from '@/lib/toast';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The toasts' place, from the first toast on (lib/toast.ts): no toast, no library. */
function Toasts() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" duration={UI.toastMs} richColors />
    </Suspense>
  );
}

/** The app's query cache: one in the browser, a fresh one for each page the server renders. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // The request client already toasts errors; a failed call is not retried behind the user's back.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

export function AppProvider({
  client,
  children,
}: {
  client: QueryClient;
  children: React.ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
