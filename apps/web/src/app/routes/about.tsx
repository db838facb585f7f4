import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Empty } from '@/components/ui/empty';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/hooks/use-categories';
import { useCompany } from '@/hooks/use-company';
import { useCategoryDetail } from '@/features/content/api/get-category-detail';
import { useContent } from '@/lib/content';
import { ClassificationCarousel } from '@/features/content/components/classification-carousel';
import { CompanyContact } from '@/features/content/components/company-contact';
import { RichText } from '@/features/content/components/rich-text';
import { FeedbackForm } from '@/features/forms/components/feedback-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** The category whose children are the hot classifications. */
const STANDARDS_TITLE = '标准品';

function SectionTitle({ title, sub }: { title: string; sub: string }) {
  return (
    <div className="mb-5 flex items-end gap-3 border-l-4 border-primary pl-3">
      <h2 className="text-lg font-semibold leading-none text-gray-900">{title}</h2>
      <span className="text-xs uppercase leading-none tracking-wider text-gray-400">{sub}</span>
    </div>
  );
}

function HotClassifications() {
  const { data: top } = useCategories(0);
  const standards = top?.find((c) => c.title === STANDARDS_TITLE);
  const { data } = useCategoryDetail(standards?.id);
  if (!data || data.children.length === 0) return null;
  return (
    <section aria-label="热门分类" className="mt-8">
      <SectionTitle title="热门分类" sub="Hot Categories" />
      <ClassificationCarousel items={data.children} />
    </section>
  );
}

export default function AboutPage() {
  const intro = useContent('about');
  const { data: company } = useCompany();
  const { hash, key } = useLocation();
  useDocumentMeta('关于我们');

  // The layout scrolls to the top after navigating, so the jump to #message waits a frame.
  useEffect(() => {
    if (hash !== '#message') return;
    const frame = requestAnimationFrame(() =>
      document.getElementById('message')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [hash, key, intro.isPending]);

  return (
    <div className="pb-10">
      <div className="bg-gradient-to-r from-primary-dark via-primary to-primary-light">
        <div className="mx-auto max-w-[1266px] px-4 py-10 text-white sm:py-14">
          <p className="text-sm tracking-[0.3em] text-white/80">ABOUT US</p>
          <h1 className="mt-2 text-2xl font-semibold sm:text-3xl">关于我们</h1>
          {company?.name && <p className="mt-2 text-white/90">{company.name}</p>}
        </div>
      </div>

      <div className="mx-auto max-w-[1266px] px-4">
        <section
          aria-label="公司简介"
          className="-mt-6 rounded-lg border border-gray-100 bg-white p-5 shadow-sm sm:p-8"
        >
          <SectionTitle title="公司简介" sub="Company Profile" />
          {intro.isPending ? (
            <Spinner />
          ) : intro.isError || !intro.data.info.trim() ? (
            <Empty />
          ) : (
            <RichText html={intro.data.info} />
          )}
        </section>

        <HotClassifications />

        <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_1.6fr]">
          <section
            aria-label="联系我们"
            className="rounded-lg border border-gray-100 bg-white p-5 shadow-sm sm:p-8"
          >
            <SectionTitle title="联系我们" sub="Contact Us" />
            <CompanyContact />
          </section>
          <section
            id="message"
            aria-label="在线留言"
            className="scroll-mt-4 rounded-lg border border-gray-100 bg-white p-5 shadow-sm sm:p-8"
          >
            <SectionTitle title="在线留言" sub="Message" />
            <p className="mb-5 text-sm text-gray-500">
              如有产品咨询、合作意向或建议，欢迎给我们留言，我们会尽快与您联系。
            </p>
            <FeedbackForm />
          </section>
        </div>
      </div>
    </div>
  );
}
