import { Outlet } from 'react-router';

/** Header, navigation and footer around every page but /login and /survey. */
export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
