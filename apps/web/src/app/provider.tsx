import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { UI } from '@labshop/shared';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The request client already toasts errors; a failed call is not retried behind the user's back.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-center" duration={UI.toastMs} richColors />
    </QueryClientProvider>
  );
}
