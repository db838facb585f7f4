import { ChatIcon, GridIcon, ShieldIcon, TruckIcon } from '@/components/layout/icons';

const ITEMS = [
  {
    icon: ShieldIcon,
    title: '资质权威',
    text: '通过 ISO 17034:2016 与 ISO 9001:2015 认证，质量体系可追溯',
  },
  {
    icon: GridIcon,
    title: '品类齐全',
    text: '药品、食品、农残、兽药、环境等标准品与试剂耗材一站购齐',
  },
  { icon: TruckIcon, title: '多仓发货', text: '多地仓库现货储备，就近发货，冷链运输保障品质' },
  { icon: ChatIcon, title: '专业服务', text: '技术团队在线答疑，支持定制合成与批量询价' },
];

/** Why buy here: four short advantages on the home page. */
export function Advantages() {
  return (
    <section
      aria-labelledby="advantages-title"
      className="mt-10 rounded-lg bg-gradient-to-br from-primary-50 to-white px-4 py-8 sm:px-8"
    >
      <h2 id="advantages-title" className="mb-6 text-center text-xl font-bold text-gray-900">
        我们的优势
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {ITEMS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col items-center gap-2 text-center">
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary text-white shadow-sm">
              <Icon className="h-7 w-7" />
            </span>
            <strong className="text-base text-gray-900">{title}</strong>
            <p className="text-sm leading-6 text-gray-500">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
