// The titled block is shared with the quote page's stated-use block (components/order).
export { Section } from '@/components/order/section';
