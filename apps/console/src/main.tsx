import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app/base.css';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { setNavigator } from './lib/navigation';

setNavigator((to) => void router.navigate(to));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
