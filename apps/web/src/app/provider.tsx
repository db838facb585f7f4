import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { UI } from '@labshop/shared';

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
      <Toaster position="top-center" duration={UI.toastMs} richColors />
    </QueryClientProvider>
  );
}
