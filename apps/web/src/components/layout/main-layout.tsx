import { Outlet } from 'react-router';
import { MainNav } from './main-nav';
import { PunchoutBanner } from './punchout-banner';
import { ServiceFloat } from './service-float';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TopBar } from './top-bar';

/** Header, navigation and footer around every page but /login and /survey. */
export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header>
        <PunchoutBanner />
        <TopBar />
        <SiteHeader />
        <MainNav />
      </header>
      {/* At least a screen tall: the footer never sits in view while a page's data loads, so
          the content arriving does not push it down (no layout shift). */}
      <main className="min-h-screen flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ServiceFloat />
    </div>
  );
}
