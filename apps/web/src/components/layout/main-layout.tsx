import { Outlet } from 'react-router';
import { MainNav } from './main-nav';
import { ServiceFloat } from './service-float';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TopBar } from './top-bar';

/** Header, navigation and footer around every page but /login and /survey. */
export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header>
        <TopBar />
        <SiteHeader />
        <MainNav />
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ServiceFloat />
    </div>
  );
}
